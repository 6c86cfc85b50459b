// Demo reimbursements for `seed --demo`: two employers whose employees have registered,
// proofs of coverage approved, pending and rejected, claims in every status, and one
// payroll run, so every screen of the loop has something to show. Everything goes
// through the features' own services, in the order a real year would (the enrollment is
// set up "months ago" by passing the services that clock), so the data holds together.
// It is made once: a database that has the demo employers is left as it is.
import type { DB } from "../../db";
import { daysBetween, todayUtc } from "../../lib/date-rules";
import { addMonths, firstDayOf, monthOf } from "../../lib/months";
import { enrollmentWithBusiness } from "../businesses/access";
import { businessById, employerContactByEmail, registerBusiness } from "../businesses/service";
import { uploadCensus } from "../census/service";
import { employeesOf, issueToken } from "../employees/invites";
import { sendNotices } from "../employees/notice";
import type { Administrator } from "../employees/notice-input";
import { saveRegistration } from "../employees/service";
import { moveEnrollment } from "../enrollments/review";
import { finalizeEnrollment, saveClasses, selectPlan, setEffectiveDate } from "../enrollments/service";
import { listPlans } from "../plans/service";
import { decideClaim, submitClaim } from "./claims";
import employers from "./demo-employers.json";
import { documentsDirOf, finishTogether, startDocument } from "./documents";
import { contextOfEmployee } from "./employee";
import type { ClaimDecisionPayload } from "./model";
import { onePagePdf } from "./one-page-pdf";
import { createPayrollRun } from "./payroll";
import { decideProof, submitProof } from "./proofs";
import type { Upload } from "./uploads";

const DAY = 86_400_000;

/** An upload as the routes would have read it: the fields and one demo PDF, written to the documents folder. */
async function demoUpload(db: DB, fields: Record<string, string>, fileName: string, title: string): Promise<Upload> {
  const dir = documentsDirOf(db);
  const writer = await startDocument(dir, fileName);
  await writer.write(onePagePdf(title));
  const files = await finishTogether([writer], dir);
  return { fields, files, discard: () => writer.discard() };
}

/** A demo person; the class is one of the two the demo plan defines ("Full-time", "Part-time"). */
type DemoEmployee = (typeof employers)[number]["people"][number];

const emailOf = (p: DemoEmployee, employer: string) =>
  `${p.first}.${p.last}@${employer.toLowerCase().replace(/\W+/g, "-")}.example`.toLowerCase();

/**
 * The plan started on the first of last month when the employees' invitations (open 60
 * days from the effective date) can still be used to register, else on the first of this one.
 */
function demoEffectiveDate(today: string): string {
  const last = firstDayOf(addMonths(monthOf(today), -1));
  return daysBetween(last, today) <= 55 ? last : firstDayOf(monthOf(today));
}

/** What seeding needs of the app: the data key registrations are sealed with, who signs the notices, the links' origin. */
interface DemoOptions {
  key: Buffer;
  administrator: Administrator;
  origin: string;
}

/** Registers an employer, takes them through the wizard, uploads the census and registers each employee. */
async function enrolledEmployer(
  db: DB,
  { key, administrator, origin }: DemoOptions,
  spec: (typeof employers)[number],
  effectiveDate: string,
  now: number,
): Promise<{ enrollmentId: number; employeeIds: number[] }> {
  // The employer enrolled about three months before the plan began.
  const enrolledAt = Date.parse(`${effectiveDate}T15:00:00Z`) - 100 * DAY;
  const { businessId } = registerBusiness(db, {
    name: spec.name,
    taxId: "84-2917364",
    address: "410 Congress Avenue",
    city: "Austin",
    state: "TX",
    zip: "78701",
    industry: spec.name.includes("Dental") ? "healthcare" : "transportation",
    size: "11-50",
    firstName: spec.contact.first,
    lastName: spec.contact.last,
    email: spec.contact.email,
    phone: "(512) 555-0147",
    termsAccepted: true,
  });
  const business = (await businessById(db, businessId))!;
  const [plan] = await listPlans(db);
  const { enrollmentId } = await selectPlan(db, business, { planId: plan!.id, effectiveDate, monthlyBudget: 2500 }, enrolledAt);
  const load = async () => (await enrollmentWithBusiness(db, enrollmentId))!;
  await saveClasses(
    db,
    (await load()).enrollment,
    (await load()).business,
    {
      employeeClasses: [
        { name: "Full-time", allowanceAmount: 450, basis: ["full-time"], eligibilityRequirements: "30 or more hours a week" },
        { name: "Part-time", allowanceAmount: 250, basis: ["part-time"], carryOver: false },
      ],
      totalEmployees: spec.people.length,
    },
    enrolledAt,
  );
  const rows = spec.people.map((p) => [p.first, p.last, emailOf(p, spec.name), p.dateOfBirth, "78704", p.className].join(","));
  const csv = ["First Name,Last Name,Email,Date of Birth,Home ZIP,Class", ...rows].join("\n");
  await uploadCensus(
    db,
    (await load()).enrollment,
    { name: "census.csv", bytes: new TextEncoder().encode(csv) },
    todayUtc(new Date(enrolledAt)),
    (await load()).business.zip,
  );
  await setEffectiveDate(db, (await load()).enrollment, effectiveDate, enrolledAt);
  const owned = await load();
  await finalizeEnrollment(db, owned.enrollment, owned.business, {}, origin, enrolledAt);
  // The ICHRA notice went out with the submission, 100 days ahead: in time (90 days before the plan year).
  await sendNotices(db, await load(), administrator, undefined, enrolledAt);
  // Each employee registers through their personal link, before the plan is approved.
  const employees = await employeesOf(db, enrollmentId);
  for (const employee of employees) {
    const { token } = db.transaction((tx) => issueToken(tx, effectiveDate, employee, now));
    await saveRegistration(
      db,
      key,
      enrollmentId,
      {
        invite: token,
        firstName: employee.firstName,
        lastName: employee.lastName,
        email: employee.email,
        phone: "(512) 555-0190",
        dateOfBirth: employee.dateOfBirth,
        ssn: "0000",
        address: "1200 Barton Springs Road",
        city: "Austin",
        state: "TX",
        zipCode: "78704",
        coverageLevel: "individual",
        healthPlanId: "silver",
        acceptTerms: true,
        submit: true,
      },
      origin,
      administrator.email,
    );
  }
  await moveEnrollment(db, enrollmentId, "approve", { origin, actor: "demo seed" });
  // In the order the spec lists them.
  const byEmail = new Map(employees.map((e) => [e.email, e.id]));
  return { enrollmentId, employeeIds: spec.people.map((p) => byEmail.get(emailOf(p, spec.name))!) };
}

export interface DemoReimbursements {
  employers: number;
  employees: number;
  proofs: number;
  claims: number;
  payrollRuns: number;
}

export async function seedDemoReimbursements(db: DB, options: DemoOptions, now = Date.now()): Promise<DemoReimbursements | null> {
  if (await employerContactByEmail(db, employers[0]!.contact.email)) return null;
  const today = todayUtc(new Date(now));
  const effectiveDate = demoEffectiveDate(today);
  // Claims are for the plan's first two months: last month and this one, or this one and
  // the next (a premium paid ahead).
  const first = monthOf(effectiveDate);
  const second = addMonths(first, 1);
  const counts: DemoReimbursements = { employers: 0, employees: 0, proofs: 0, claims: 0, payrollRuns: 0 };
  const reviewer = { username: "demo-reviewer" };
  const decide = { origin: options.origin, appealsTo: options.administrator.email, today, now };
  const review = (claimId: number, decision: ClaimDecisionPayload) => decideClaim(db, claimId, decision, reviewer, decide);

  const proof = async (employeeId: number, decision: "approve" | "reject" | null, carrier = "Blue Cross Blue Shield of Texas") => {
    const context = (await contextOfEmployee(db, employeeId))!;
    const upload = await demoUpload(
      db,
      { carrier, coverageStart: effectiveDate, coveredPeople: "Me", attestation: "true" },
      "coverage-confirmation.pdf",
      `${carrier}: coverage confirmation for ${context.profile.firstName} ${context.profile.lastName}`,
    );
    const view = await submitProof(db, context, upload, today, now);
    counts.proofs += 1;
    if (decision === "approve") await decideProof(db, view.id, { decision: "approve" }, reviewer, decide, now);
    if (decision === "reject")
      await decideProof(
        db,
        view.id,
        { decision: "reject", reason: "This is a dental plan's card; please send the confirmation of your health coverage." },
        reviewer,
        decide,
        now,
      );
  };
  const claim = async (employeeId: number, month: string, amount: string) => {
    const context = (await contextOfEmployee(db, employeeId))!;
    const upload = await demoUpload(
      db,
      { month, amount, carrier: "Blue Cross Blue Shield of Texas", coveredPeople: "Me", attestation: "true" },
      `premium-receipt-${month}.pdf`,
      `Premium receipt: ${month}, $${amount}`,
    );
    counts.claims += 1;
    return (await submitClaim(db, context, upload, today, now)).id;
  };

  for (const spec of employers) {
    const { enrollmentId, employeeIds } = await enrolledEmployer(db, options, spec, effectiveDate, now);
    counts.employers += 1;
    counts.employees += employeeIds.length;
    const [a, b, c, d] = employeeIds as [number, number, number, number | undefined];
    if (spec === employers[0]) {
      // Avery: both months approved, the first paid by the payroll run, the second waiting for the next.
      await proof(a, "approve");
      const paid = await claim(a, first, "412.50");
      await review(paid, { decision: "approve" });
      // Jordan: a claim over the month's allowance approved in part; another denied.
      await proof(b, "approve");
      const partial = await claim(b, second, "980.00");
      const denied = await claim(b, first, "380.00");
      await review(denied, { decision: "deny", reason: "The receipt is for a dental plan, which the ICHRA does not reimburse." });
      // Taylor: a question waiting for an answer, and a claim waiting for review.
      await proof(c, "approve", "Ambetter from Superior HealthPlan");
      const question = await claim(c, first, "240.00");
      await review(question, {
        decision: "needs-info",
        reason: "The receipt does not show who is covered. Please send the page with the member's name.",
      });
      await claim(c, second, "240.00");
      // Morgan: a proof that was not accepted.
      await proof(d!, "reject");
      const owned = (await enrollmentWithBusiness(db, enrollmentId))!;
      await createPayrollRun(db, owned, { through: today }, "demo", now);
      counts.payrollRuns += 1;
      const waiting = await claim(a, second, "412.50");
      await review(waiting, { decision: "approve" });
      // Full-time is $450 a month and carries over: the first month's (its claim was denied) and the second's.
      await review(partial, {
        decision: "approve",
        approvedAmount: 900,
        reason: "The allowance available for this month is $900.00: its own $450.00 and $450.00 carried over.",
      });
    } else {
      // Casey: proof still being reviewed, a claim sent meanwhile.
      await proof(a, null);
      await claim(a, first, "365.00");
      // Riley: approved and waiting for payroll.
      await proof(b, "approve");
      const approved = await claim(b, first, "298.40");
      await review(approved, { decision: "approve" });
      // Quinn has registered and has sent nothing yet.
    }
  }
  return counts;
}
