import { Link } from "wouter";
import { usePageTitle, siteName } from "../../components/chrome/page-title";

export function Home() {
  usePageTitle(siteName);
  return (
    <>
    <section class="hero">
      <p class="badge">The Better ICHRA Solution</p>
      <h1>
        Elevate Your Benefits with <span class="accent">Advantage ICHRA</span>
      </h1>
      <p>Tax-free reimbursements, indemnity benefits and virtual care in one compliant package.</p>
      <p class="actions">
        <Link href="/enrollment-form" role="button">
          Start Enrollment
        </Link>
        <Link href="/contact" role="button" class="secondary outline">
          Learn more
        </Link>
      </p>
    </section>
    <section class="final-cta" aria-labelledby="cta-heading">
      <h2 id="cta-heading">Ready to elevate your benefits?</h2>
      <p class="actions">
        <Link href="/enroll" role="button">
          Get started
        </Link>
        <Link href="/contact" role="button" class="secondary outline">
          Contact us
        </Link>
      </p>
    </section>
    </>
  );
}
