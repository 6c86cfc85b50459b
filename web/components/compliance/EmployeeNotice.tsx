import { formatLongDate, isIsoDate } from "@src/lib/date-rules";
import { formatUsd } from "@src/lib/money";
import { NOTICE_DAYS_BEFORE_PLAN_YEAR } from "@src/modules/compliance/rules";
import { useId } from "react";
import "./EmployeeNotice.css";

export interface NoticeAgeBand {
  minAge: number;
  maxAge?: number;
  /** Monthly self-only allowance for the band, in dollars. */
  allowanceAmount: number;
}

export interface EmployeeNoticeProps {
  businessName: string;
  className: string;
  /** Monthly self-only allowance in dollars (the youngest band's when the class has age bands). */
  monthlyAllowance: number;
  /** Monthly allowance in dollars when dependents are covered too, if the class offers more for them. */
  familyMonthlyAllowance?: number;
  ageBands?: readonly NoticeAgeBand[];
  /** 'YYYY-MM-DD', first and last day of the plan year. */
  planYearStart: string;
  planYearEnd: string;
  contactName: string;
  contactEmail: string;
  /** Left out of the notice when the business has none on file. */
  contactPhone?: string;
}

const longDate = (date: string) => (isIsoDate(date) ? formatLongDate(date) : date);
const bandLabel = (band: NoticeAgeBand) => (band.maxAge === undefined ? `${band.minAge} and over` : `${band.minAge} to ${band.maxAge}`);

/**
 * The ICHRA notice for one class, with every element of the Department of Labor's model
 * notice, laid out to print (see EmployeeNotice.css).
 */
export function EmployeeNotice(props: EmployeeNoticeProps) {
  const { businessName, className, monthlyAllowance, familyMonthlyAllowance, ageBands, planYearStart, planYearEnd } = props;
  const banded = ageBands !== undefined && ageBands.length > 0;
  const start = longDate(planYearStart);
  const end = longDate(planYearEnd);
  const id = useId();

  return (
    <article class="employee-notice">
      <header>
        <p class="notice-from">{businessName}</p>
        <h1>Notice of your Individual Coverage Health Reimbursement Arrangement (ICHRA)</h1>
        <p>
          For employees in the class <strong>{className}</strong> · Plan year {start} to {end}
        </p>
      </header>

      <p>
        {businessName} offers you an individual coverage health reimbursement arrangement (HRA). The HRA reimburses you, tax-free, for the
        premiums of individual health insurance you buy and for other eligible medical care expenses, up to the amount below. Please read
        this notice before you decide whether to take part.
      </p>

      <section aria-labelledby={`${id}-allowance`}>
        <h2 id={`${id}-allowance`}>Your allowance</h2>
        {banded ? (
          <>
            <p>
              Your allowance depends on your age on the first day of the plan year ({start}). The self-only amount, for coverage of you
              alone, is:
            </p>
            <table>
              <thead>
                <tr>
                  <th scope="col">Your age</th>
                  <th scope="col">Self-only allowance per month</th>
                  <th scope="col">Per plan year</th>
                </tr>
              </thead>
              <tbody>
                {ageBands.map((band) => (
                  <tr key={band.minAge}>
                    <td>{bandLabel(band)}</td>
                    <td>{formatUsd(band.allowanceAmount)}</td>
                    <td>{formatUsd(band.allowanceAmount * 12)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p>
            The self-only amount, for coverage of you alone, is <strong>{formatUsd(monthlyAllowance)} a month</strong> (
            {formatUsd(monthlyAllowance * 12)} for the plan year).
          </p>
        )}
        {familyMonthlyAllowance !== undefined && (
          <p>If you also cover family members, the allowance is {formatUsd(familyMonthlyAllowance)} a month.</p>
        )}
        <p>
          If you become eligible after the plan year begins, your allowance starts on the first day your HRA coverage can begin. Everyone in
          your class is offered the HRA on the same terms.
        </p>
      </section>

      <section aria-labelledby={`${id}-plan-year`}>
        <h2 id={`${id}-plan-year`}>Plan year</h2>
        <p>
          The plan year runs from <strong>{start}</strong> through <strong>{end}</strong>. You will get this notice at least{" "}
          {NOTICE_DAYS_BEFORE_PLAN_YEAR.value} days before each plan year starts, or, if you become eligible later, no later than the day
          your HRA coverage can begin.
        </p>
      </section>

      <section aria-labelledby={`${id}-opt-out`}>
        <h2 id={`${id}-opt-out`}>Your right to opt out and waive</h2>
        <p>
          Taking part is your choice. You may opt out of the HRA and waive future reimbursements from it. You can make that choice before
          each plan year starts and, if you become eligible during the year, before your HRA coverage begins. When your employment ends, you
          may also permanently opt out and waive future reimbursements.
        </p>
      </section>

      <section aria-labelledby={`${id}-ptc`}>
        <h2 id={`${id}-ptc`}>How the HRA affects the premium tax credit</h2>
        <ul>
          <li>
            If you accept the HRA, you cannot claim a premium tax credit for your individual health insurance for any month the HRA covers
            you.
          </li>
          <li>
            If you opt out and the HRA offer is affordable for you, you still cannot claim the premium tax credit. If you opt out and it is
            not affordable for you, you may be able to claim it.
          </li>
          <li>
            When you apply for coverage through the Health Insurance Marketplace (HealthCare.gov or your state's Marketplace), tell it about
            this HRA offer and its amount, so it can work out whether you can get the credit. If you receive advance payments of the credit
            that you are not entitled to, you may have to pay them back.
          </li>
        </ul>
      </section>

      <section aria-labelledby={`${id}-substantiation`}>
        <h2 id={`${id}-substantiation`}>You must have individual health insurance and show proof of it</h2>
        <p>
          To take part, you, and each family member the HRA covers, must be enrolled in individual health insurance (or Medicare Parts A and
          B, or Part C) for every month the HRA covers you. Short-term limited-duration insurance and coverage of only excepted benefits,
          such as dental or vision alone, do not count.
        </p>
        <p>
          You must show proof of that coverage (substantiate it) before your HRA coverage begins, and confirm that you are still covered
          each time you ask for a reimbursement. If your individual coverage ends, tell {businessName}: expenses after the coverage ends
          cannot be reimbursed.
        </p>
        <p>Individual health insurance you buy is not part of an employer plan and is not covered by ERISA.</p>
      </section>

      <section aria-labelledby={`${id}-sep`}>
        <h2 id={`${id}-sep`}>Special enrollment period</h2>
        <p>
          Because you are newly offered this HRA, you may qualify for a special enrollment period to buy individual health insurance, or to
          change plans, outside the annual open enrollment period. You generally have 60 days before or after the date your HRA coverage can
          begin to choose a plan. The Marketplace or your insurer can tell you whether you qualify.
        </p>
      </section>

      <section aria-labelledby={`${id}-contact`}>
        <h2 id={`${id}-contact`}>Questions</h2>
        <p>For questions about your HRA, or to opt out, contact:</p>
        <address>
          <strong>{props.contactName}</strong>
          <br />
          {businessName}
          <br />
          Email: <a href={`mailto:${props.contactEmail}`}>{props.contactEmail}</a>
          {props.contactPhone && (
            <>
              <br />
              Phone: <a href={`tel:${props.contactPhone.replace(/[^\d+]/g, "")}`}>{props.contactPhone}</a>
            </>
          )}
        </address>
      </section>

      <p class="no-print">
        <button type="button" onClick={() => window.print()}>
          Print this notice
        </button>
      </p>
    </article>
  );
}
