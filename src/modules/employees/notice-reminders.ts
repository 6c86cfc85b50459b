// The employer's reminder that a later plan year's ICHRA notices are due (54.9802-4(c)(6):
// at least 90 days before each plan year). Once the next plan year's notices can go out (150
// days before it starts), or in a later plan year under way whose notices never went out, and
// an employee has not been sent the notice due, the primary contact is emailed, once per
// enrollment and plan year: how many, by when (or that they are late), and where to send
// them. The first plan year's notices are asked for when the enrollment is submitted.
import { censusEmployees, noticeReminders } from "@db/schema";
import { eq } from "drizzle-orm";
import type { DB } from "../../db";
import { type Hourly, runHourly, yieldToRequests } from "../../hourly";
import { formatDate, planYearEnd, todayUtc } from "../../lib/date-rules";
import { plural } from "../../lib/plural";
import { enrollmentWithBusiness } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import { classNoticeYear, noticeDeadline } from "../compliance/notice-dates";
import { NOTICE_DAYS_BEFORE_PLAN_YEAR } from "../compliance/rules";
import { enqueueEmail } from "../outbox/service";
import { noticeCalendar, noticeSentFor } from "./dates";

/** The reminder: the plan year, its notices' due day, how many are waiting, and the dashboard's link. */
export function noticeReminderEmail(
  reminder: { businessName: string; businessId: number; planYearStart: string; waiting: number },
  contact: { firstName: string; email: string },
  origin: string,
  today: string,
) {
  const deadline = noticeDeadline(reminder.planYearStart);
  const due = formatDate(deadline);
  const start = formatDate(reminder.planYearStart);
  // Past the day (notices of the plan year under way never sent, or the server was down), it says they are late.
  const late = today > deadline;
  const dueBy = `${late ? "were" : "are"} due by ${due}`;
  const year = reminder.planYearStart > today ? "Your next plan year runs" : "Your plan year runs";
  return {
    kind: "notice_reminder",
    to: contact.email,
    subject: `${reminder.businessName}: ICHRA notices for your plan year starting ${start} ${dueBy}`,
    text: [
      `Hello ${contact.firstName},`,
      "",
      `Each employee offered your ICHRA must get its notice at least ${NOTICE_DAYS_BEFORE_PLAN_YEAR.value} days before each plan year starts. ${year} from ${start} to ${formatDate(planYearEnd(reminder.planYearStart))}, so its notices ${dueBy}${late ? ": please send them as soon as you can" : ""}.`,
      "",
      `${plural(reminder.waiting, "employee has", "employees have")} not been sent the notice due. Send them from your dashboard with "Send the ICHRA notice to all not yet sent":`,
      `${origin}/dashboard/${reminder.businessId}`,
      "",
      "Each notice states that plan year's dates and the employee's own amounts. Your employee classes carry into it as they are.",
    ].join("\n"),
  };
}

/** Emails each employer whose later plan year's notices are due and not all sent, once per plan year. Answers how many were emailed. */
export async function remindNoticesDue(db: DB, origin: string, today = todayUtc(), now = Date.now()): Promise<number> {
  const enrollmentIds = (await db.selectDistinct({ id: censusEmployees.enrollmentId }).from(censusEmployees)).map((r) => r.id);
  let reminded = 0;
  for (const enrollmentId of enrollmentIds) {
    await yieldToRequests();
    const owned = await enrollmentWithBusiness(db, enrollmentId);
    if (!owned || owned.enrollment.finalizedAt === null) continue;
    const effectiveDate = owned.enrollment.effectiveDate;
    const planYearStart = classNoticeYear(effectiveDate, today);
    if (planYearStart === effectiveDate) continue;
    const employees = await db.select().from(censusEmployees).where(eq(censusEmployees.enrollmentId, enrollmentId));
    const notices = noticeCalendar(owned.enrollment, today);
    const waiting = employees.filter((e) => !noticeSentFor(e, notices.dueYear(e))).length;
    if (waiting === 0) continue;
    const contact = await primaryContact(db, owned.business);
    const email = noticeReminderEmail(
      { businessName: owned.business.name, businessId: owned.business.id, planYearStart, waiting },
      contact,
      origin,
      today,
    );
    const queued = db.transaction((tx) => {
      const first = tx.insert(noticeReminders).values({ enrollmentId, planYearStart, sentAt: now }).onConflictDoNothing().returning().get();
      if (first) enqueueEmail(tx, email);
      return first !== undefined;
    });
    if (queued) reminded += 1;
  }
  return reminded;
}

/** Reminds at start and every hour; `origin` is read at each run (the site's address is known once it listens). */
export const startNoticeReminders = (db: DB, origin: () => string, intervalMs?: number): Hourly =>
  runHourly("notice reminders", () => remindNoticesDue(db, origin()), intervalMs);
