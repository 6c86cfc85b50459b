import { Link } from "wouter";
import { signedIn } from "../../lib/session";

/**
 * A page of the employer's that could not be loaded. Someone signed in is not asked to sign in:
 * the page is not one their account opens (or does not exist), and their own is offered.
 */
export function LoadError({ title, what }: { title: string; what: string }) {
  const who = signedIn.value;
  return (
    <section class="dashboard-page centered-page">
      <h1>{title}</h1>
      {who ? (
        <p>We couldn't load this {what}. It may not exist, or it belongs to another account than the one you are signed in with.</p>
      ) : (
        <p>We couldn't load this {what}. It may not exist, or you may need to sign in.</p>
      )}
      <p class="actions">
        {who ? (
          <Link href={who.home} role="button">
            {who.homeLabel === "Dashboard" ? "Go to your dashboard" : who.homeLabel}
          </Link>
        ) : (
          <Link href="/login" role="button">
            Sign in
          </Link>
        )}
        <Link href="/" role="button" class="secondary outline">
          Return to Home
        </Link>
      </p>
    </section>
  );
}
