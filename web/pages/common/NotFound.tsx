import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";

export function NotFound() {
  usePageTitle("Page not found");
  return (
    <section class="centered-page">
      <p class="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you were looking for doesn't exist or has moved.</p>
      <p>
        <Link href="/" role="button">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
