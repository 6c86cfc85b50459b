import { Link } from "wouter";

/** A page that could not load what it shows: it may not exist, or the visitor must sign in. */
export function LoadError({ title, what }: { title: string; what: string }) {
  return (
    <section class="dashboard-page centered-page">
      <h1>{title}</h1>
      <p>We couldn't load this {what}. It may not exist, or you may need to sign in.</p>
      <p class="actions">
        <Link href="/login" role="button">
          Sign in
        </Link>
        <Link href="/" role="button" class="secondary outline">
          Return to Home
        </Link>
      </p>
    </section>
  );
}
