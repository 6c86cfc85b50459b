import { Link } from "wouter";
import { BenefitCards, Cards, Checks, Steps, WhyChoose } from "./sections";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const whyChoose = [
  "Enhanced payroll-tax (FICA) savings for your business",
  "Higher take-home pay and lower out-of-pocket costs for employees",
  "Reimbursements, indemnity benefits and virtual care in one package",
  "Low or no-cost implementation with full ACA compliance",
];

const statistics = [
  { figure: "94%", label: "of businesses report savings" },
  { figure: "30%", label: "lower administrative complexity" },
  { figure: "24%", label: "higher retention" },
  { figure: "100%", label: "ACA compliance" },
] as const;

const ichraFeatures = [
  { title: "Budget Control", text: "You set a fixed monthly allowance, so your benefits cost is known in advance." },
  { title: "ACA Compliant", text: "Built on the 2019 final rule, with affordability and notice requirements handled for you." },
  { title: "Employee Classes", text: "Offer different allowances to permitted classes such as full-time, part-time or location." },
  { title: "Flexible Implementation", text: "Start on the date that suits your business, with employee notices sent well ahead." },
];

const quickBenefits = [
  "Tax-free reimbursements of individual premiums and qualified medical expenses",
  "Contribution design by employee class",
  "Predictable monthly budget",
  "5-10 hours of HR time saved per week",
  "A free 30-minute consultation to get started",
];

const comparison = [
  { row: "Tax Savings", standard: "Reimbursements free of income and payroll tax", ours: "Enhanced payroll-tax (FICA) savings on top" },
  {
    row: "Employee Benefits",
    standard: "Reimbursement of individual health premiums",
    ours: "Reimbursements plus indemnity benefits plus virtual care",
  },
  { row: "Employee Take-Home Pay", standard: "Unchanged", ours: "Higher take-home pay" },
  { row: "Additional Benefits", standard: "None", ours: "Lower out-of-pocket costs and virtual care" },
];

const businessBenefits = [
  { title: "Payroll-Tax Savings", text: "Lower your FICA costs while employees keep more of every paycheck." },
  { title: "Budget Predictability", text: "A fixed allowance per class replaces unpredictable group-plan renewals." },
  { title: "Contribution Design by Class", text: "Tailor allowances to the way your workforce is organised." },
  { title: "ACA Compliance", text: "Plan design, affordability and employee notices that follow IRS and DOL rules." },
  { title: "HR Time Saved", text: "Save 5-10 hours a week of HR time with online enrollment and reporting." },
  { title: "Low or No-Cost Implementation", text: "Get started without a large setup fee or a long project." },
];

const steps = [
  { title: "Business Registration", text: "Enter your company information and tax ID." },
  { title: "Plan Configuration", text: "Set contribution amounts and define your employee classes." },
  { title: "Employee Enrollment", text: "Employees enroll through their own personalized links." },
  { title: "Launch and Monitor", text: "Track enrollment, reimbursements and reports from your employer dashboard." },
];

const testimonials = [
  {
    name: "Maria Chen",
    role: "HR Director, Coastal Dental Group",
    image: "/images/testimonials/maria-chen.svg",
    quote:
      "Setting up classes for our office staff and our hygienists took one afternoon, and our team now picks plans that actually fit them.",
  },
  {
    name: "James Whitfield",
    role: "CFO, Summit Logistics",
    image: "/images/testimonials/james-whitfield.svg",
    quote: "Our benefits budget is a fixed number each month now, and employees tell us their paychecks went up.",
  },
];

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
          <Link href="/enroll" role="button">
            Start Enrollment
          </Link>
          <Link href="/contact" role="button" class="secondary outline">
            Learn more<span class="visually-hidden"> about Advantage ICHRA</span>
          </Link>
        </p>
        <WhyChoose items={whyChoose} class="why-choose" />
      </section>

      <section aria-label="Results at a glance">
        <ul class="stats">
          {statistics.map((s) => (
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
          tax, for individual health insurance premiums and qualified medical expenses, up to an allowance the employer sets. It has been
          available to employers of any size since 2020.
        </p>
        <div class="grid-2">
          <Cards cards={ichraFeatures} />
          <article class="quick-benefits">
            <h3>What employers get</h3>
            <Checks items={quickBenefits} />
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
              {comparison.map((c) => (
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

      <BenefitCards id="benefits-heading" heading="Benefits for Your Business" cards={businessBenefits} />

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">How Implementation Works</h2>
        <Steps steps={steps} />
        <p>
          <Link href="/contact" role="button">
            Schedule Consultation
          </Link>
        </p>
      </section>

      <section aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading">What Our Clients Say</h2>
        <div class="cards cards-2">
          {testimonials.map((t) => (
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
