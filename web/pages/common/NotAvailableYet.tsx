import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";

/** An honest stand-in for a screen that exists in the site map but is not open yet. */
export function NotAvailableYet({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section class="centered-page">
      <p class="eyebrow">{title}</p>
      <h1>Not available yet</h1>
      <p>This screen is not open yet. Please contact us and we will help you directly.</p>
      <p>
        <Link href="/contact" role="button">
          Contact us
        </Link>
      </p>
    </section>
  );
}
