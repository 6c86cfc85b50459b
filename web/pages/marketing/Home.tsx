import { Link } from "wouter";
import copy from "./copy/home.json";
import { BenefitCards, Cards, Checks, Steps, WhyChoose } from "./sections";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

function Stars() {
  return (
    <p class="stars" role="img" aria-label="5 out of 5 stars">
      {"★★★★★"}
    </p>
  );
}

export function Home() {
  usePageMeta("/");
  return (
    <div class="marketing">
      <section class="hero" aria-labelledby="hero-heading">
        <p class="badge">The Better ICHRA Solution</p>
        <h1 id="hero-heading">
          Elevate Your Benefits with <span class="accent">Advantage ICHRA</span>
        </h1>
        <p class="lead">
          An individual coverage HRA that adds payroll-tax savings, indemnity benefits and virtual care, so your benefits budget goes
          further for you and your employees.
        </p>
        <p class="actions">
          <Link href="/enrollment-form" role="button">
            Start Enrollment
          </Link>
          <Link href="/contact" role="button" class="secondary outline">
            Learn more<span class="visually-hidden"> about Advantage ICHRA</span>
          </Link>
        </p>
        <WhyChoose items={copy.whyChoose} class="why-choose" />
      </section>

      <section aria-label="Results at a glance">
        <ul class="stats">
          {copy.statistics.map((s) => (
            <li key={s.figure}>
              <strong>{s.figure}</strong>
              <span>{s.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="what-heading">
        <h2 id="what-heading">What is an ICHRA?</h2>
        <p>
          An individual coverage health reimbursement arrangement (ICHRA) lets an employer reimburse employees, free of income and payroll
          tax, for individual health insurance premiums, up to an allowance the employer sets. It has been available to employers of any
          size since 2020.
        </p>
        <div class="grid-2">
          <Cards cards={copy.ichraFeatures} />
          <article class="quick-benefits">
            <h3>What employers get</h3>
            <Checks items={copy.quickBenefits} />
            <p>
              <Link href="/about-ichra">
                Learn more<span class="visually-hidden"> about ICHRA</span>
              </Link>
            </p>
          </article>
        </div>
      </section>

      <section aria-labelledby="compare-heading">
        <h2 id="compare-heading">Standard ICHRA vs. Advantage ICHRA</h2>
        <div class="overflow-auto" role="region" aria-label="Comparison table" tabIndex={0}>
          <table class="compare stacked">
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">Standard ICHRA</th>
                <th scope="col">Advantage ICHRA</th>
              </tr>
            </thead>
            <tbody>
              {copy.comparison.map((c) => (
                <tr key={c.row}>
                  <th scope="row">{c.row}</th>
                  <td data-label="Standard ICHRA">{c.standard}</td>
                  <td data-label="Advantage ICHRA">{c.ours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          <Link href="/contact" role="button">
            Request Info
          </Link>
        </p>
      </section>

      <BenefitCards id="benefits-heading" heading="Benefits for Your Business" cards={copy.businessBenefits} />

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">How Implementation Works</h2>
        <Steps steps={copy.steps} />
        <p>
          <Link href="/contact" role="button">
            Schedule Consultation
          </Link>
        </p>
      </section>

      <section aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading">What Our Clients Say</h2>
        <div class="cards cards-2">
          {copy.testimonials.map((t) => (
            <article key={t.name} class="testimonial">
              <Stars />
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <footer>
                <img src={t.image} alt={`Portrait of ${t.name}`} width="56" height="56" loading="lazy" />
                <span>
                  <strong>{t.name}</strong>
                  <br />
                  {t.role}
                </span>
              </footer>
            </article>
          ))}
        </div>
      </section>

      <section class="final-cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading">Ready to elevate your benefits?</h2>
        <p>Enroll online in minutes, or talk with us first about what an ICHRA can do for your business.</p>
        <p class="actions">
          <Link href="/enroll" role="button">
            Get started
          </Link>
          <Link href="/contact" role="button" class="secondary outline">
            Contact us
          </Link>
        </p>
      </section>
    </div>
  );
}
