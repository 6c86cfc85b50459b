// /terms: the terms of the ICHRA administration service, in plain words. The registration's
// "I agree to the terms and conditions" links here.
import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";
import { siteContact } from "../marketing/site-contact";
import "./terms.css";

const TERMS_UPDATED = "November 23, 2026";

export default function TermsPage() {
  usePageTitle("Terms and Conditions");
  const contact = siteContact();
  return (
    <article class="terms-page" aria-labelledby="terms-title">
      <p class="eyebrow">Advantage ICHRA</p>
      <h1 id="terms-title">Terms and Conditions</h1>
      <p class="muted">Last updated {TERMS_UPDATED}</p>
      <p>
        These terms apply when an employer registers with Advantage ICHRA and uses our service to offer and run an individual coverage
        health reimbursement arrangement (ICHRA), and when that employer's employees register through it. By registering, the employer's
        contact agrees to them on the employer's behalf.
      </p>

      <h2>1. What we do</h2>
      <p>We administer the employer's ICHRA. That means we:</p>
      <ul>
        <li>record the plan the employer designs: the employee classes, each class's monthly allowance and the effective date;</li>
        <li>prepare the ICHRA notice of each class and deliver it to the employees the employer asks us to send it to;</li>
        <li>send each employee a personal invitation to register, when the employer sends it, and keep what each employee registers;</li>
        <li>review employees' reimbursement requests against the plan and report each employee's approved totals for payroll.</li>
      </ul>

      <h2>2. What we do not do</h2>
      <ul>
        <li>We are not an insurance company and do not sell or provide health insurance. Employees buy their own individual coverage.</li>
        <li>
          We do not give legal or tax advice. The employer decides how to design its plan and should ask its own advisers whether the plan
          suits its business.
        </li>
        <li>We do not hold or pay out the employer's money. The employer pays approved reimbursements, usually through payroll.</li>
      </ul>

      <h2>3. The employer's part</h2>
      <p>The employer sponsors the ICHRA and remains responsible for it. The employer agrees to:</p>
      <ul>
        <li>give accurate information about the business, its employees (the census) and the classes they belong to;</li>
        <li>
          offer the ICHRA on the same terms to everyone in a class, and not offer a class both the ICHRA and a traditional group health
          plan;
        </li>
        <li>
          have the ICHRA notice sent to each eligible employee at least 90 days before the plan year starts (or, for an employee who becomes
          eligible later, no later than the day their coverage can begin);
        </li>
        <li>fund the allowances it has promised and pay approved reimbursements on time;</li>
        <li>keep its sign-in email address current and tell us promptly if it may have been used by someone else.</li>
      </ul>

      <h2>4. Employees</h2>
      <p>
        An employee registers only through their own invitation link, and must not share it. By registering, the employee confirms that what
        they enter is true and that they will keep individual health coverage for every month they are reimbursed. An employee may opt out
        of the ICHRA instead of registering.
      </p>

      <h2>5. Personal and health information</h2>
      <ul>
        <li>We use the information we receive only to administer the employer's ICHRA and to meet our legal obligations.</li>
        <li>We accept only the last four digits of an employee's Social Security number, and store them encrypted.</li>
        <li>
          Reimbursement requests and their documents are health information. Only our administrators see them; the employer sees only each
          employee's approved totals.
        </li>
        <li>We do not sell personal information.</li>
      </ul>

      <h2>6. Accounts and sign-in</h2>
      <p>
        Employers and registered employees sign in with a one-time link we email to them; there is no password to share. Anyone who can read
        that mailbox can sign in, so keep it secure.
      </p>

      <h2>7. Fees</h2>
      <p>
        The fee is the one of the plan the employer chose when enrolling, as shown on the plan selection step and in its enrollment summary.
        We tell the employer in writing at least 30 days before any change to its fee takes effect.
      </p>

      <h2>8. Review, start and end</h2>
      <ul>
        <li>
          We review each enrollment before it is approved, and may ask for more information or decline an enrollment we cannot administer
          lawfully.
        </li>
        <li>
          Either side may end the service with 30 days' written notice. Reimbursements for months before the end are still reviewed and
          reported.
        </li>
        <li>After the service ends we keep records only as long as the law requires, then delete them.</li>
      </ul>

      <h2>9. Liability</h2>
      <p>
        We administer the plan with reasonable care. We are not responsible for losses caused by information the employer or an employee
        gave us that was wrong or late, or for an insurer's decisions about an employee's coverage. Nothing in these terms limits a
        liability that the law does not allow to be limited.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        When we change these terms we update the date above and email the primary contact of every employer at least 30 days before the
        change applies to them.
      </p>

      <h2>11. Questions</h2>
      <p>
        Write to <a href={`mailto:${contact.email}`}>{contact.email}</a>, call {contact.phone}, or use our{" "}
        <Link href="/contact">contact form</Link>.
      </p>
    </article>
  );
}
