import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";

export function ComingSoon() {
  usePageTitle("Coming Soon");
  return (
    <section class="centered-page">
      <p class="eyebrow">Coming Soon</p>
      <h1>We're working on this page</h1>
      <p>This part of the site isn't ready yet. In the meantime, our team is happy to answer your questions.</p>
      <p>
        <Link href="/" role="button">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
