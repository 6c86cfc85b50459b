// What a notice states, for a class and for one of its employees: the plan administrator and
// the facts the one notice text (compliance/notice.ts) is written from. Pure, so the
// invitation, the notice's delivery and its preview all build it the same way.
import type { StoredEmployeeClass } from "@db/schema";
import { planYearEnd, todayUtc } from "../../lib/date-rules";
import type { OwnedEnrollment } from "../businesses/access";
import type { primaryContact } from "../businesses/service";
import { isNewHire } from "../compliance/allowance";
import { NOTICE_TITLE, type NoticeInput, noticeSections } from "../compliance/notice";
import { newEmployersFirstYear } from "../compliance/notice-dates";
import { allowancesFor } from "./classes";
import { coverageBegins, dueNoticeYear, type NoticeHistory } from "./dates";
import type { CensusEmployee } from "./invites";
import type { NoticeView } from "./model";

/** The plan administrator (us), named in every notice with a phone that is always there. */
export interface Administrator {
  name: string;
  email: string;
  phone: string;
}

export const administratorOf = (config: { contactEmail: string; contactPhone: string }): Administrator => ({
  name: "Advantage ICHRA",
  email: config.contactEmail,
  phone: config.contactPhone,
});

/** The employer's primary contact, as a notice names them. */
export type NoticeContact = Awaited<ReturnType<typeof primaryContact>>;

/**
 * The notice's facts for a class, and for one of its employees when given, for the plan year
 * whose notice is due today (dueNoticeYear): a hire in the plan's third year is told that
 * year's dates, not the first's, and from 150 days before a plan year everyone already sent
 * the one under way is told the next one's.
 */
export function noticeInput(
  owned: OwnedEnrollment,
  cls: StoredEmployeeClass,
  contact: NoticeContact,
  administrator: Administrator,
  employee?: Pick<CensusEmployee, "className" | "dateOfBirth" | "hireDate"> & NoticeHistory,
): NoticeInput {
  const { enrollment, business } = owned;
  const { newHires, ...terms } = cls;
  const planYearStart = dueNoticeYear(enrollment.effectiveDate, todayUtc(), employee);
  // Amounts by age on that plan year's first day, as the ledger reckons them.
  const own = employee ? allowancesFor({ ...enrollment, effectiveDate: planYearStart }, employee) : null;
  const yearEnd = planYearEnd(planYearStart);
  // One whose coverage begins after this plan year's first day is told that day.
  const begins = employee ? coverageBegins(enrollment.effectiveDate, employee) : null;
  return {
    businessName: business.name,
    className: cls.name,
    terms,
    ...(newHires ? { newHires } : {}),
    ...(employee && newHires && isNewHire(cls, employee.hireDate) ? { newHire: true } : {}),
    ...(cls.carryOver === false ? { carryOver: false } : {}),
    ...(cls.eligibilityRequirements?.trim() ? { classDescription: cls.eligibilityRequirements.trim() } : {}),
    ...(own ? { own: cls.individualPlus1Cents !== undefined || cls.familyCents !== undefined ? own : { individual: own.individual } } : {}),
    ...(begins && begins > planYearStart && begins <= yearEnd ? { coverageBegins: begins } : {}),
    ...(newEmployersFirstYear(planYearStart, enrollment) ? { newEmployer: true } : {}),
    planYearStart,
    planYearEnd: yearEnd,
    contact: { name: `${contact.firstName} ${contact.lastName}`.trim(), email: contact.email, phone: contact.phone || null },
    administrator,
  };
}

export const noticeView = (input: NoticeInput): NoticeView => ({
  title: NOTICE_TITLE,
  businessName: input.businessName,
  className: input.className,
  planYearStart: input.planYearStart,
  planYearEnd: input.planYearEnd,
  sections: noticeSections(input),
});
