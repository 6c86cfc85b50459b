import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";

/** A page the site answers for a place it has nothing at yet: what it is, why, and the way home. */
export function PlaceholderPage({ title, eyebrow, heading, text }: { title: string; eyebrow: string; heading: string; text: string }) {
  usePageTitle(title);
  return (
    <section class="centered-page">
      <p class="eyebrow">{eyebrow}</p>
      <h1>{heading}</h1>
      <p>{text}</p>
      <p>
        <Link href="/" role="button">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
