// The ICHRA notice (26 CFR 54.9802-4(c)(6), following the DOL model notice), element by
// element, as data: the notice page renders it, and the email that delivers it to each
// participant is its plain text. One source, so what an employee is emailed is what the
// page shows.

import { formatLongDate } from "../../lib/date-rules";
import { formatCents } from "../../lib/money";
import { shownPhone } from "../../lib/phone";
import { type AllowanceTerms, COVERAGE_LEVEL_LABELS, type CoverageLevel, hasTiers, tierCents } from "./allowance";
import { claimsUntil } from "./notice-dates";
import { AGE_BAND_MAX_RATIO, CLAIMS_RUN_OUT_DAYS, NOTICE_DAYS_BEFORE_PLAN_YEAR } from "./rules";

export interface NoticeInput {
  businessName: string;
  className: string;
  /** The class's terms (cents): self-only amount, family sizes, age bands. */
  terms: AllowanceTerms;
  /** The new-hire subclass's terms, when the class has one. */
  newHires?: AllowanceTerms & { hiredOnOrAfter: string };
  /** The employee the notice is addressed to is in the new-hire subclass: its terms are theirs, stated first. */
  newHire?: boolean;
  /** False when a month's unused amount does not carry over to later months (absent: it does). */
  carryOver?: boolean;
  /** This employee's own monthly amounts, when the notice is addressed to one employee. */
  own?: Partial<Record<CoverageLevel, number>>;
  /** How the employer describes who is in the class (its eligibility requirements), when it does. */
  classDescription?: string;
  /** 'YYYY-MM-DD': the day this employee's HRA coverage can begin, when it is after the plan year's first (one who joins later). */
  coverageBegins?: string;
  /** The plan's first plan year, submitted by an employer that did not exist 120 days before it: its notice is due by the day coverage begins. */
  newEmployer?: boolean;
  /** 'YYYY-MM-DD': first and last day of the plan year. */
  planYearStart: string;
  planYearEnd: string;
  /** The employer's contact for questions and opting out. */
  contact: { name: string; email: string; phone: string | null };
  /** The plan administrator (us): always reachable by phone. */
  administrator: { name: string; email: string; phone: string };
}

export interface NoticeTable {
  caption: string;
  head: string[];
  rows: string[][];
}

export interface NoticeSection {
  /** Stable key: the element of the notice (tests and the page's anchors use it). */
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  table?: NoticeTable;
}

const bandLabel = (b: { minAge: number; maxAge?: number }) =>
  b.maxAge === undefined ? `${b.minAge} and over` : `${b.minAge} to ${b.maxAge}`;

/** 54.9802-4(c)(6)(ii): an employer not yet in existence this many days before its first plan year may give notice by the day coverage begins. */
const NEW_EMPLOYER_DAYS = 120;

const LEVELS: CoverageLevel[] = ["individual", "individualPlus1", "family"];

/** The amounts of a set of terms as a table: by age band and family size, or one row. */
function amountsTable(terms: AllowanceTerms, caption: string): NoticeTable {
  const levels: CoverageLevel[] = hasTiers(terms) ? LEVELS : ["individual"];
  const head = [
    ...(terms.ageBands?.length ? ["Your age on the first day of the plan year"] : []),
    ...levels.map((l) => `${COVERAGE_LEVEL_LABELS[l]} a month`),
  ];
  const rows = terms.ageBands?.length
    ? terms.ageBands.map((b) => [bandLabel(b), ...levels.map((l) => formatCents(tierCents(b, l)))])
    : [levels.map((l) => formatCents(tierCents(terms, l)))];
  return { caption, head, rows };
}

/** The self-only amount stated in words: one amount, or the range over the age bands. */
function selfOnlyText(terms: AllowanceTerms): string {
  if (!terms.ageBands?.length)
    return `${formatCents(terms.allowanceCents)} a month (${formatCents(terms.allowanceCents * 12)} for a full plan year)`;
  const amounts = terms.ageBands.map((b) => b.allowanceCents);
  return `from ${formatCents(Math.min(...amounts))} to ${formatCents(Math.max(...amounts))} a month, depending on your age on the first day of the plan year`;
}

/** The notice's sections, in the DOL model notice's order. */
export function noticeSections(n: NoticeInput): NoticeSection[] {
  const start = formatLongDate(n.planYearStart);
  const end = formatLongDate(n.planYearEnd);
  // The terms of the subclass the reader is in come first; the other subclass's follow.
  const mine = n.newHire && n.newHires ? n.newHires : n.terms;
  const tiered = hasTiers(mine);
  const banded = Boolean(mine.ageBands?.length);
  const sections: NoticeSection[] = [];

  sections.push({
    id: "what",
    heading: "What this is",
    paragraphs: [
      `${n.businessName} offers employees in the class "${n.className}" an individual coverage health reimbursement arrangement (individual coverage HRA, or ICHRA). It is an individual coverage HRA: it is not a qualified small employer HRA (QSEHRA) and not any other kind of HRA.`,
      "The HRA reimburses you, tax-free, for premiums of individual health insurance (or Medicare) that you and covered family members are enrolled in, up to the amounts in this notice. Please read this notice before you decide whether to take part, and keep it: you will need it if you apply for a premium tax credit.",
    ],
  });

  const allowance: NoticeSection = {
    id: "allowance",
    heading: "Your allowance",
    paragraphs: [`The self-only amount, for coverage of you alone, is ${selfOnlyText(mine)}.`],
    table: amountsTable(
      mine,
      mine === n.terms
        ? `Monthly amounts for the class "${n.className}"`
        : `Monthly amounts for employees of the class "${n.className}" hired on or after ${formatLongDate(n.newHires!.hiredOnOrAfter)}`,
    ),
  };
  if (n.own) {
    const own = LEVELS.filter((l) => n.own?.[l] !== undefined).map(
      (l) => `${COVERAGE_LEVEL_LABELS[l].toLowerCase()} ${formatCents(n.own![l]!)}`,
    );
    allowance.paragraphs.push(`Your own monthly amount: ${own.join(", ")}.`);
  }
  allowance.paragraphs.push(
    [
      "Everyone in your class is offered the HRA on the same terms.",
      banded
        ? `The amount rises with age (the oldest band's at most ${AGE_BAND_MAX_RATIO.value} times the youngest's), using your age on the first day of the plan year.`
        : "",
      tiered
        ? "It is larger when you also cover family members (self + one, or family)."
        : "It is the same whether or not you cover family members.",
      "It varies in no other way.",
    ]
      .filter(Boolean)
      .join(" "),
  );
  if (n.newHires)
    allowance.paragraphs.push(
      mine === n.terms
        ? `Employees of this class hired on or after ${formatLongDate(n.newHires.hiredOnOrAfter)} are offered different amounts: the self-only amount is ${selfOnlyText(n.newHires)}.`
        : `You are in the class's new-hire group, hired on or after ${formatLongDate(n.newHires.hiredOnOrAfter)}. Employees of this class hired before then are offered different amounts: the self-only amount is ${selfOnlyText(n.terms)}.`,
    );
  sections.push(allowance);

  sections.push({
    id: "eligibility",
    heading: "Who is eligible",
    paragraphs: [
      `Employees in the class "${n.className}" are eligible, from the first day of the plan year or, if they join the class later, from the first day their HRA coverage can begin.`,
      // What the employer wrote about who is in the class is the notice's to state, not only the dashboard's.
      ...(n.classDescription ? [`${n.businessName} describes who is in the class as: "${n.classDescription}".`] : []),
      // 54.9802-4(c)(6)(ii): one who becomes eligible later is told the date their coverage begins.
      ...(n.coverageBegins
        ? [`Your HRA coverage can begin on ${formatLongDate(n.coverageBegins)}: your first monthly amount is that month's.`]
        : []),
      tiered
        ? "Your spouse and your dependants (children up to age 26) may also be covered, if each of them is enrolled in individual health insurance or Medicare; choose self + one or family coverage to receive the larger amount."
        : "Your spouse and your dependants (children up to age 26) may also be covered, if each of them is enrolled in individual health insurance or Medicare; their premiums are reimbursed within the same amount.",
    ],
  });

  sections.push({
    id: "plan-year",
    heading: "Plan year, when amounts are available, and mid-year entry",
    paragraphs: [
      `The plan year runs from ${start} through ${end}.`,
      `Each month's amount is made available on the first day of that month, for premiums of that month: the first on ${start}, the last on the first day of the plan year's last month. A premium you pay ahead can be reimbursed from its own month's amount before that month comes.`,
      `You can ask to be reimbursed for a month's premium once you have paid it, until ${CLAIMS_RUN_OUT_DAYS.value} days after the plan year ends (${formatLongDate(claimsUntil(n.planYearEnd))}).`,
      "If you become eligible after the plan year starts, your amount is prorated by month: you receive the monthly amount for each month from the first month your HRA coverage begins to the end of the plan year (for example, starting in the plan year's fourth month you receive 9 monthly amounts), and nothing for the months before.",
      n.carryOver === false
        ? "Amounts you do not use in a month do not carry over to later months: each month's amount is for premiums of that month only. Nothing carries over into the next plan year."
        : "Amounts you do not use in a month carry over to later months of the same plan year. Nothing carries over into the next plan year.",
      n.newEmployer
        ? `${n.businessName} did not yet exist ${NEW_EMPLOYER_DAYS} days before this first plan year, so its notice may reach you as late as the day your HRA coverage can begin. The notice of each later plan year comes at least ${NOTICE_DAYS_BEFORE_PLAN_YEAR.value} days before it starts, or, if you become eligible later, no later than the day your HRA coverage can begin.`
        : `The notice of each plan year is due to you at least ${NOTICE_DAYS_BEFORE_PLAN_YEAR.value} days before it starts, or, if you become eligible later, no later than the day your HRA coverage can begin.`,
    ],
  });

  sections.push({
    id: "opt-out",
    heading: "Your right to opt out and waive",
    paragraphs: [
      "Taking part is your choice. You may opt out of the HRA and waive future reimbursements from it, before each plan year starts and, if you become eligible during the year, before your HRA coverage begins. When your employment ends you may also permanently opt out and waive future reimbursements.",
      "You can opt out when you register, with the link in your invitation: the date is recorded, and you may need it for a premium tax credit. Once registered, opt out on My benefits, where the date is recorded too, or write to the plan administrator (contact below) and keep a copy of what you sent. The month under way, and every month up to the last one whose premium you already claimed, stays yours; later months are not reimbursed. Until the first of them starts you can take it back on My benefits; after that it is for good.",
    ],
  });

  sections.push({
    id: "ptc",
    heading: "How the HRA affects the premium tax credit",
    paragraphs: [],
    list: [
      "If you accept the HRA, you cannot claim a premium tax credit for your individual health insurance for any month the HRA covers you.",
      "If you opt out and the HRA offer is affordable for you, you still cannot claim the premium tax credit. If you opt out and it is not affordable for you, you may be able to claim it.",
      "Keep this notice: it tells the Marketplace and the IRS about the HRA offer, and you will need it to apply for, or claim, a premium tax credit.",
    ],
  });

  sections.push({
    id: "marketplace",
    heading: "Tell the Marketplace",
    paragraphs: [
      "When you apply for coverage through the Health Insurance Marketplace (HealthCare.gov or your state's Marketplace), tell it about this HRA offer, its amounts and the plan year, so it can work out whether you can get the credit. If you receive advance payments of the credit that you are not entitled to, you may have to pay them back.",
    ],
  });

  sections.push({
    id: "coverage",
    heading: "You must have individual health insurance and show proof of it",
    paragraphs: [
      "To take part, you, and each family member the HRA covers, must be enrolled in individual health insurance (or Medicare Parts A and B, or Part C) for every month the HRA covers you. Short-term limited-duration insurance and coverage of only excepted benefits, such as dental or vision alone, do not count. If your individual coverage ends, tell the plan administrator (contact below): expenses after it ends cannot be reimbursed.",
      'Before your HRA coverage begins each plan year you must show proof of that coverage, such as a document from your insurer or the Marketplace (for Medicare, your Medicare card or a letter from Social Security or Medicare), and with each request for reimbursement you confirm that the coverage was in force for that month. A sample attestation: "I attest that I, and each family member covered by the HRA, were enrolled in individual health insurance or Medicare for the month of this expense."',
    ],
  });

  sections.push({
    id: "erisa",
    heading: "ERISA and Medicare",
    paragraphs: [
      "The individual health insurance you buy is not part of your employer's plan and is not subject to ERISA (the Employee Retirement Income Security Act); the HRA itself is. If you are enrolled in Medicare, the HRA may reimburse your Medicare premiums, but you cannot take a premium tax credit for Medicare.",
    ],
  });

  sections.push({
    id: "sep",
    heading: "Special enrollment period",
    paragraphs: [
      "If you are newly offered this HRA (this is the first plan year it is offered to you), you may qualify for a special enrollment period to buy individual health insurance, or to change plans, outside the annual open enrollment period. You generally have 60 days before or after the date your HRA coverage can begin to choose a plan. The Marketplace or your insurer can tell you whether you qualify.",
    ],
  });

  const contactLines = [
    `${n.contact.name}, ${n.businessName}: email ${n.contact.email}${n.contact.phone ? `, phone ${shownPhone(n.contact.phone)}` : ""}.`,
    `Plan administrator, ${n.administrator.name}: phone ${n.administrator.phone}, email ${n.administrator.email}.`,
  ];
  sections.push({
    id: "contact",
    heading: "Questions and contact",
    paragraphs: ["For questions about your HRA, or to opt out, contact:"],
    list: contactLines,
  });
  return sections;
}

export const NOTICE_TITLE = "Notice of your Individual Coverage Health Reimbursement Arrangement (ICHRA)";

/** The notice as plain text, for the email that delivers it. */
export function noticeText(n: NoticeInput): string {
  const lines = [
    NOTICE_TITLE,
    `${n.businessName} · class "${n.className}" · plan year ${formatLongDate(n.planYearStart)} to ${formatLongDate(n.planYearEnd)}`,
    "",
  ];
  for (const section of noticeSections(n)) {
    lines.push(section.heading.toUpperCase());
    lines.push(...section.paragraphs);
    if (section.table) {
      lines.push(`${section.table.caption}:`);
      lines.push(`  ${section.table.head.join(" | ")}`);
      for (const row of section.table.rows) lines.push(`  ${row.join(" | ")}`);
    }
    if (section.list) lines.push(...section.list.map((item) => `  - ${item}`));
    lines.push("");
  }
  return lines.join("\n");
}
