// 26 CFR 54.9802-4(c)(6): every participant gets the notice, and when it was sent is
// recorded; newly eligible employees get it with their invitation by the day their coverage
// can begin, however long after the plan began. Also the opt-out at registration, and allowances by family size
// in the registration and the invitation.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadDataKey } from "../../data-key";
import { daysFrom, firstOfMonthOnOrAfter, formatDate, formatLongDate, planYearEnd, planYearStartOn, todayUtc } from "../../lib/date-rules";
import { addMonths, firstDayOf, monthOf } from "../../lib/months";
import { createTestApp, type TestApp } from "../../test/api";
import { as, completeRegistration, createEnrollmentWithCensus, outboxTo, tokenFrom } from "../../test/employee-fixtures";
import { coverageCanBegin } from "./dates";
import type { RegistrationSave } from "./model";
import { noticeReminderEmail, remindNoticesDue } from "./notice-reminders";
import { saveRegistration } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://benefits.example" });
});
afterAll(() => t.close());

const tiered = [
  { name: "Full-time", allowanceCents: 40_000, individualPlus1Cents: 70_000, familyCents: 100_000, basis: ["full-time"] },
  { name: "Part-time", allowanceCents: 20_000, basis: ["part-time"] },
];
let stamp = 0;
const people = () => {
  stamp += 1;
  return [
    { firstName: "Ana", lastName: "A", email: `ana-${stamp}@example.com`, className: "Full-time" },
    { firstName: "Bo", lastName: "B", email: `bo-${stamp}@example.com`, className: "Part-time" },
  ];
};
const noticeRow = (id: number) =>
  t.database.sqlite
    .query("select notice_sent_at as s, eligible_from as e, notice_plan_year_start as y from census_employees where id = ?")
    .get(id) as {
    s: number | null;
    e: string | null;
    y: string | null;
  };

describe("54.9802-4(c)(6): the notice reaches every participant, and its sending is recorded", () => {
  test("one on the census hired after the plan year starts is due their notice by the day their coverage can begin, not 90 days before", async () => {
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: "2027-06-01",
      employeeClasses: tiered,
      employees: [{ ...people()[0]!, hireDate: "2027-08-12" }, people()[1]!],
    });
    const list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    expect(list.employees.map((e: { noticeDueBy: string }) => e.noticeDueBy)).toEqual(["2027-09-01", "2027-03-03"]);
  });

  test("a new employer's first notices are due by the day the plan year starts, as its list, its notices' emails and its enrollment say", async () => {
    // A business that did not exist 120 days before its first plan year (54.9802-4(c)(6)(ii)),
    // starting in two months, whenever the test runs.
    const start = firstDayOf(addMonths(monthOf(todayUtc()), 2));
    const f = await createEnrollmentWithCensus(t.database.db, { effectiveDate: start, employeeClasses: tiered, employees: people() });
    t.database.sqlite.query("update enrollments set new_employer = 1 where id = ?").run(f.enrollmentId);
    const list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    expect(list.employees.map((e: { noticeDueBy: string }) => e.noticeDueBy)).toEqual([start, start]);
    const read = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}`, as(f.ownerCookie))).json();
    expect(read.notice).toMatchObject({ deadline: start, newEmployer: true });
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(f.ownerCookie))).status).toBe(200);
    const [mail] = outboxTo(t, list.employees[0].email, "employee_notice");
    expect(mail!.text).toContain(`due to you by ${formatDate(start)}`);
    expect(mail!.text).toContain("its notice may reach you as late as the day your HRA coverage can begin");
  });

  test("an employee hired into the class's new-hire group is sent a notice that states their group's amounts first", async () => {
    const start = firstDayOf(addMonths(monthOf(todayUtc()), 2));
    const classes = [{ ...tiered[1]!, newHires: { allowanceCents: 15_000, hiredOnOrAfter: start } }];
    const [, bo] = people();
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: start,
      employeeClasses: classes,
      employees: [{ ...bo!, hireDate: daysFrom(start, 14) }],
    });
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(f.ownerCookie))).status).toBe(200);
    const [mail] = outboxTo(t, bo!.email, "employee_notice");
    expect(mail!.text).toContain("The self-only amount, for coverage of you alone, is $150.00 a month");
    expect(mail!.text).toContain(`You are in the class's new-hire group, hired on or after ${formatLongDate(start)}.`);
  });

  test("the dashboard list shows who has not been sent a notice and by when it is due; Send notices sends those, once", async () => {
    // Plan year from 2027-06-01: notices due 90 days before, 2027-03-03.
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: "2027-06-01",
      employeeClasses: tiered,
      employees: people(),
    });
    let list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    expect(list.employees.map((e: { noticeSentAt: string | null; noticeDueBy: string }) => [e.noticeSentAt, e.noticeDueBy])).toEqual([
      [null, "2027-03-03"],
      [null, "2027-03-03"],
    ]);
    const before = Date.now();
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(f.ownerCookie));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sent).toBe(2);
    for (const id of f.employeeIds) expect(noticeRow(id).s).toBeGreaterThanOrEqual(before);
    const ana = outboxTo(t, `ana-${stamp}@example.com`, "employee_notice");
    expect(ana).toHaveLength(1);
    expect(ana[0].subject).toContain("your ICHRA notice (please keep it)");
    expect(ana[0].text).toContain("due to you by March 3, 2027");
    expect(ana[0].text).toContain("Your own monthly amount: self only $400.00, self + one $700.00, family $1,000.00.");
    // Nobody is left: a second press sends nothing.
    expect((await (await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(f.ownerCookie))).json()).sent).toBe(0);
    list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    expect(list.employees.every((e: { noticeSentAt: string | null }) => e.noticeSentAt !== null)).toBe(true);
  });

  test("an invitation carries the notice, so it is recorded as sent", async () => {
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: "2027-06-01",
      employeeClasses: tiered,
      employees: people(),
    });
    await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`, as(f.ownerCookie));
    expect(noticeRow(f.employeeIds[0]).s).not.toBeNull();
    expect(noticeRow(f.employeeIds[1]).s).toBeNull();
    const mail = outboxTo(t, `ana-${stamp}@example.com`, "employee_invitation")[0].text;
    expect(mail).toContain("Your ICHRA notice follows. Please keep it: you need it to claim a premium tax credit.");
    // Allowances by family size, in the invitation.
    expect(mail).toContain("$400.00 for yourself, $700.00 for yourself and one family member, $1,000.00 for your family.");
  });

  test("no one else sends or reads the notices: 401 without a session, 404 for another owner", async () => {
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: "2027-06-01",
      employeeClasses: tiered,
      employees: people(),
    });
    const stranger = await createEnrollmentWithCensus(t.database.db, { employees: people() });
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`)).status).toBe(401);
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(stranger.ownerCookie))).status).toBe(404);
    expect((await t.request("GET", `/api/enrollment/${f.enrollmentId}/notices/0`, as(stranger.ownerCookie))).status).toBe(404);
    expect(noticeRow(f.employeeIds[0]).s).toBeNull();
    const own = await t.request("GET", `/api/enrollment/${f.enrollmentId}/notices/0`, as(f.ownerCookie));
    expect(own.status).toBe(200);
    expect((await own.json()).sections.map((s: { id: string }) => s.id)).toEqual([
      "what",
      "allowance",
      "eligibility",
      "plan-year",
      "opt-out",
      "ptc",
      "marketplace",
      "coverage",
      "erisa",
      "sep",
      "contact",
    ]);
    expect((await t.request("GET", `/api/enrollment/${f.enrollmentId}/notices/7`, as(f.ownerCookie))).status).toBe(404);
  });
});

describe("54.9802-4(c)(6): a notice before each plan year, the later ones too", () => {
  const effectiveDate = (monthsAgo: number) => firstDayOf(addMonths(monthOf(todayUtc()), -monthsAgo));
  const send = async (f: { enrollmentId: number; ownerCookie: string }) =>
    (await (await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(f.ownerCookie))).json()).sent as number;
  const listed = async (f: { enrollmentId: number; ownerCookie: string }) =>
    (await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json()).employees as {
      noticeSentAt: string | null;
      noticePlanYearStart: string;
      noticeDueBy: string;
    }[];

  test("from 150 days before the next plan year, everyone sent this year's notice is due next year's, with its own dates; sent once", async () => {
    // Ten months into the plan: the next plan year starts in about two months.
    const start = effectiveDate(10);
    const next = firstDayOf(addMonths(monthOf(start), 12));
    const f = await createEnrollmentWithCensus(t.database.db, { effectiveDate: start, employeeClasses: tiered, employees: people() });
    // Never sent one: this plan year's comes first, however late.
    expect((await listed(f)).map((e) => [e.noticePlanYearStart, e.noticeSentAt])).toEqual([
      [start, null],
      [start, null],
    ]);
    expect(await send(f)).toBe(2);
    expect(noticeRow(f.employeeIds[0]!).y).toBe(start);
    // Then the next plan year's, due 90 days before it starts.
    expect((await listed(f)).map((e) => [e.noticePlanYearStart, e.noticeSentAt, e.noticeDueBy])).toEqual([
      [next, null, daysFrom(next, -90)],
      [next, null, daysFrom(next, -90)],
    ]);
    expect(await send(f)).toBe(2);
    const [first, renewal] = outboxTo(t, `ana-${stamp}@example.com`, "employee_notice");
    expect(first!.text).toContain(`The plan year runs from ${formatLongDate(start)} through ${formatLongDate(planYearEnd(start))}.`);
    expect(renewal!.text).toContain(`The plan year runs from ${formatLongDate(next)} through ${formatLongDate(planYearEnd(next))}.`);
    expect(renewal!.text).toContain(`due to you by ${formatDate(daysFrom(next, -90))}`);
    expect(noticeRow(f.employeeIds[0]!).y).toBe(next);
    // Both sent: nothing is due, and a third press sends nothing.
    expect((await listed(f)).every((e) => e.noticePlanYearStart === next && e.noticeSentAt !== null)).toBe(true);
    expect(await send(f)).toBe(0);
    // The employer's copy of a class's notice is the next plan year's too.
    const notice = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/notices/0`, as(f.ownerCookie))).json();
    expect(notice.planYearStart).toBe(next);
  });

  test("earlier in the plan year, this year's notice is the one due: nothing more is asked once it is sent", async () => {
    // Four months in: the next plan year is eight months away, before its notices open.
    const start = effectiveDate(4);
    const f = await createEnrollmentWithCensus(t.database.db, { effectiveDate: start, employeeClasses: tiered, employees: people() });
    expect(await send(f)).toBe(2);
    expect((await listed(f)).map((e) => [e.noticePlanYearStart, e.noticeSentAt !== null])).toEqual([
      [start, true],
      [start, true],
    ]);
    expect(await send(f)).toBe(0);
  });
});

describe("the employer is reminded when a later plan year's notices come due", () => {
  const effectiveDate = (monthsAgo: number) => firstDayOf(addMonths(monthOf(todayUtc()), -monthsAgo));
  const origin = "https://benefits.example";
  /** A submitted enrollment whose plan began `monthsAgo` months ago, its two employees sent this plan year's notice. */
  const running = async (monthsAgo: number, options: { finalized?: boolean } = {}) => {
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: effectiveDate(monthsAgo),
      employeeClasses: tiered,
      employees: people(),
      submitted: options.finalized !== false,
    });
    await t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(f.ownerCookie));
    const { email } = t.database.sqlite.query("select email from users where id = ?").get(f.userId) as { email: string };
    return { ...f, ownerEmail: email };
  };

  test("once the next plan year's notices can go out and some are not sent: one email, with how many, by when and where", async () => {
    const f = await running(10);
    const next = firstDayOf(addMonths(monthOf(effectiveDate(10)), 12));
    // A hundred days before it starts: inside the 150 days, ten before the notices are due.
    const today = daysFrom(next, -100);
    expect(await remindNoticesDue(t.database.db, origin, today)).toBeGreaterThanOrEqual(1);
    const [reminder] = outboxTo(t, f.ownerEmail, "notice_reminder");
    const due = formatDate(daysFrom(next, -90));
    expect(reminder!.subject).toContain(`ICHRA notices for your plan year starting ${formatDate(next)} are due by ${due}`);
    expect(reminder!.text).toContain(`so its notices are due by ${due}.`);
    expect(reminder!.text).toContain("2 employees have not been sent the notice due.");
    expect(reminder!.text).toContain(`${origin}/dashboard/${f.businessId}`);
    // Past the day, the reminder says they are late.
    const late = noticeReminderEmail(
      { businessName: "Acme", businessId: f.businessId, planYearStart: next, waiting: 1 },
      { firstName: "Pat", email: f.ownerEmail },
      origin,
      daysFrom(next, -80),
    );
    expect(late.text).toContain(`so its notices were due by ${due}: please send them as soon as you can.`);
    expect(late.text).toContain("1 employee has not been sent the notice due.");
    // Once per plan year, sent or not.
    await remindNoticesDue(t.database.db, origin, today);
    await remindNoticesDue(t.database.db, origin);
    expect(outboxTo(t, f.ownerEmail, "notice_reminder")).toHaveLength(1);
  });

  test("a plan year under way whose notices were never sent is named as this one, its notices late", async () => {
    // Sixteen months in: the second plan year started four months ago; its employees were sent only the first one's.
    const f = await running(16);
    const start = firstDayOf(addMonths(monthOf(effectiveDate(16)), 12));
    t.database.sqlite
      .query("update census_employees set notice_plan_year_start = ? where enrollment_id = ?")
      .run(effectiveDate(16), f.enrollmentId);
    await remindNoticesDue(t.database.db, origin);
    const [reminder] = outboxTo(t, f.ownerEmail, "notice_reminder");
    const due = formatDate(daysFrom(start, -90));
    expect(reminder!.subject).toContain(`ICHRA notices for your plan year starting ${formatDate(start)} were due by ${due}`);
    expect(reminder!.text).toContain(`Your plan year runs from ${formatDate(start)} to ${formatDate(planYearEnd(start))}`);
    expect(reminder!.text).toContain(`so its notices were due by ${due}: please send them as soon as you can.`);
    expect(reminder!.text).not.toContain("next plan year");
  });

  test("no reminder before the window, before submitting, or once every notice due is sent", async () => {
    const early = await running(4);
    const draft = await running(10, { finalized: false });
    const done = await running(10);
    expect(await t.request("POST", `/api/enrollment/${done.enrollmentId}/notices`, as(done.ownerCookie))).toMatchObject({ status: 200 });
    await remindNoticesDue(t.database.db, origin);
    for (const f of [early, draft, done]) expect(outboxTo(t, f.ownerEmail, "notice_reminder")).toHaveLength(0);
  });
});

describe("54.9802-4(c)(6)(i): the notice states the class's carry-over rule", () => {
  test("a class without carry-over is told a month's unused amount does not carry over; the others that it does", async () => {
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: "2027-06-01",
      employeeClasses: [{ ...tiered[0]!, carryOver: false }, tiered[1]!],
      employees: people(),
    });
    const planYear = async (index: number) => {
      const res = await t.request("GET", `/api/enrollment/${f.enrollmentId}/notices/${index}`, as(f.ownerCookie));
      expect(res.status).toBe(200);
      return (await res.json()).sections.find((s: { id: string }) => s.id === "plan-year").paragraphs.join("\n") as string;
    };
    const without = await planYear(0);
    expect(without).toContain("Amounts you do not use in a month do not carry over to later months");
    expect(without).not.toContain("Amounts you do not use in a month carry over");
    expect(await planYear(1)).toContain("Amounts you do not use in a month carry over to later months of the same plan year.");
  });
});

describe("54.9802-4(c)(6)(ii): a newly eligible employee gets the notice by the day coverage can begin", () => {
  const newHire = (over: Record<string, unknown> = {}) => ({
    firstName: "Nia",
    lastName: "New",
    email: `nia-${Date.now()}-${Math.random()}@example.com`,
    dateOfBirth: "1990-05-05",
    homeZip: "78704",
    className: "Full-time",
    hireDate: "2026-11-10",
    ...over,
  });
  /** A submitted enrollment of the tiered classes; `active` when its plan is under way. */
  const submitted = async (effectiveDate: string, active = false) => {
    const f = await createEnrollmentWithCensus(t.database.db, { effectiveDate, employeeClasses: tiered, employees: people() });
    t.database.sqlite.query("update enrollments set finalized_at = ? where id = ?").run(Date.now(), f.enrollmentId);
    if (active) t.database.sqlite.query("update enrollments set status = 'active' where id = ?").run(f.enrollmentId);
    return f;
  };

  /** An employee hired today, added to an active enrollment of a plan in its third year; their emailed invite. */
  const hiredTodayInThirdYear = async () => {
    const f = await submitted("2024-08-01", true);
    const person = newHire({ hireDate: todayUtc() });
    const added = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, { ...as(f.ownerCookie), json: person });
    expect(added.status).toBe(201);
    return { f, person, added: await added.json(), invite: tokenFrom(t, person.email) };
  };

  test("added long after the plan began: the invitation carries the notice, due the first of the month after hire, with 60 days of its own to register", async () => {
    // Plan year from 2026-01-01: the invitations sent before it lasted until 2026-03-02.
    const f = await submitted("2026-01-01", true);
    const person = newHire();
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, {
      ...as(f.ownerCookie),
      json: person,
    });
    expect(res.status).toBe(201);
    const added = (await res.json()).employees.find((e: { email: string }) => e.email === person.email);
    // Hired 2026-11-10: coverage can begin on the 1st on or after it, 2026-12-01, in the plan
    // year from 2026-01-01, whose notice the invitation carried (due that day).
    expect(added).toMatchObject({ eligibleFrom: "2026-12-01", inviteStatus: "sent" });
    expect(noticeRow(added.id)).toMatchObject({ s: expect.any(Number), y: "2026-01-01" });
    const [invitation] = outboxTo(t, person.email, "employee_invitation");
    expect(invitation.text).toContain("Your ICHRA notice follows.");
    // 54.9802-4(c)(6)(ii): one who joins after the plan year started is told when their coverage begins.
    expect(invitation.text).toContain(
      "Your HRA coverage can begin on Tuesday, December 1, 2026: your first monthly amount is that month's.",
    );
    expect(invitation.text).toContain(`Please register by ${formatDate(daysFrom(todayUtc(), 60))}.`);
    // The plan is active: a late hire still registers, and is told their own start.
    const invite = tokenFrom(t, person.email);
    const view = await (await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${invite}`)).json();
    expect(view).toMatchObject({ editable: true, planStartDate: "2026-01-01", coverageStartDate: "2026-12-01" });
    const registered = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, {
      json: { ...completeRegistration(person.email, { firstName: "Nia", lastName: "New" }), invite },
    });
    expect(registered.status).toBe(200);
    expect((await registered.json()).registration.submittedAt).not.toBeNull();
    expect(outboxTo(t, person.email, "employee_registration_confirmation")[0].text).toContain("Your allowance begins on December 1, 2026.");
    // Hired before the plan year but added only now, with the plan under way: coverage cannot
    // begin before their notice goes out, today, so it begins on the first of a month on or
    // after today, not back in January.
    const early = newHire({ hireDate: "2025-12-15" });
    const second = await (
      await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, { ...as(f.ownerCookie), json: early })
    ).json();
    expect(second.employees.find((e: { email: string }) => e.email === early.email).eligibleFrom).toBe(firstOfMonthOnOrAfter(todayUtc()));
  });

  test("a new employer's first plan year: its notice says why it may come later than 90 days before; a class's description is stated", async () => {
    const { noticeSections } = await import("../compliance/notice");
    const base = {
      businessName: "Fresh Start LLC",
      className: "Full-time",
      terms: { allowanceCents: 40_000 },
      planYearStart: "2027-01-01",
      planYearEnd: "2027-12-31",
      contact: { name: "Ann Lee", email: "ann@example.com", phone: null },
      administrator: { name: "Advantage ICHRA", email: "help@example.com", phone: "(555) 555-0100" },
    };
    const timing = (input: Parameters<typeof noticeSections>[0]) =>
      noticeSections(input)
        .find((section) => section.id === "plan-year")!
        .paragraphs.at(-1);
    expect(timing(base)).toStartWith("The notice of each plan year is due to you at least 90 days before it starts");
    // What the employer wrote about who is in the class is stated in the notice, in its words.
    const eligibility = (input: Parameters<typeof noticeSections>[0]) =>
      noticeSections(input).find((section) => section.id === "eligibility")!.paragraphs;
    expect(eligibility({ ...base, classDescription: "30 or more hours a week" })).toContain(
      'Fresh Start LLC describes who is in the class as: "30 or more hours a week".',
    );
    expect(eligibility(base).join(" ")).not.toContain("describes who is in the class");
    // A new hire reads their own subclass's amounts first, then those of the employees hired before.
    const allowance = (input: Parameters<typeof noticeSections>[0]) => noticeSections(input).find((section) => section.id === "allowance")!;
    const newHires = { allowanceCents: 20_000, hiredOnOrAfter: "2027-04-01" };
    const hired = allowance({ ...base, newHires, newHire: true });
    expect(hired.paragraphs[0]).toBe(
      "The self-only amount, for coverage of you alone, is $200.00 a month ($2,400.00 for a full plan year).",
    );
    expect(hired.table!.rows).toEqual([["$200.00"]]);
    expect(hired.paragraphs.at(-1)).toBe(
      "You are in the class's new-hire group, hired on or after Thursday, April 1, 2027. Employees of this class hired before then are offered different amounts: the self-only amount is $400.00 a month ($4,800.00 for a full plan year).",
    );
    const before = allowance({ ...base, newHires });
    expect(before.paragraphs[0]).toBe(
      "The self-only amount, for coverage of you alone, is $400.00 a month ($4,800.00 for a full plan year).",
    );
    expect(before.paragraphs.at(-1)).toStartWith(
      "Employees of this class hired on or after Thursday, April 1, 2027 are offered different amounts",
    );
    expect(timing({ ...base, newEmployer: true })).toBe(
      "Fresh Start LLC did not yet exist 120 days before this first plan year, so its notice may reach you as late as the day your HRA coverage can begin. The notice of each later plan year comes at least 90 days before it starts, or, if you become eligible later, no later than the day your HRA coverage can begin.",
    );
  });

  test("a hire date no employee can have is refused on its field, before any notice is worked out for it", async () => {
    const f = await submitted("2026-01-01", true);
    for (const hireDate of ["9999-01-01", "1899-12-31"]) {
      const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, {
        ...as(f.ownerCookie),
        json: newHire({ hireDate }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ hireDate: "Hire date must be in 1900 or later, and at most a year from today" });
    }
  });

  test("an added employee's names must be names and their phone a number, every bad field named at once; nothing is invited", async () => {
    const f = await submitted("2026-01-01", true);
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, {
      ...as(f.ownerCookie),
      json: newHire({
        firstName: "   ",
        lastName: '=HYPERLINK("http://evil.example","x")',
        phone: "call me maybe <script>",
        hireDate: "2026-02-30",
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      firstName: "First name is required",
      lastName: "Last name can hold only letters, spaces, hyphens, apostrophes and periods",
      phone: "Phone number must be at least 10 digits",
      hireDate: "Hire date must be a real date",
    });
    const link = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, {
      ...as(f.ownerCookie),
      json: newHire({ firstName: '<a href="http://evil.example">Click</a>' }),
    });
    expect((await link.json()).errors).toEqual({ firstName: "First name can hold only letters, spaces, hyphens, apostrophes and periods" });
  });

  test("hired in the plan's third year: the notice states that plan year's dates and amounts by age on its first day, not the first year's", async () => {
    const f = await submitted("2024-08-01", true);
    const person = newHire({ hireDate: todayUtc() });
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, { ...as(f.ownerCookie), json: person })).status).toBe(
      201,
    );
    // Hired today: the plan year their coverage begins in (the first of next month, or today on a 1st).
    const year = planYearStartOn("2024-08-01", coverageCanBegin("2024-08-01", todayUtc()));
    const [invitation] = outboxTo(t, person.email, "employee_invitation");
    expect(year >= "2026-08-01").toBe(true);
    expect(invitation.text).toContain(`plan year ${formatLongDate(year)} to ${formatLongDate(planYearEnd(year))}`);
    expect(invitation.text).not.toContain("August 1, 2024 to");
  });

  test("opting out in a later plan year waives that plan year, and says until when registering is still open", async () => {
    const { f, person, added, invite } = await hiredTodayInThirdYear();
    const eligibleFrom: string = added.employees.find((e: { email: string }) => e.email === person.email).eligibleFrom;
    const res = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite, decline: true } });
    expect(res.status).toBe(200);
    const year = planYearStartOn("2024-08-01", coverageCanBegin("2024-08-01", todayUtc()));
    const [mail] = outboxTo(t, person.email, "employee_opt_out_confirmation");
    expect(mail.text).toContain(`waived its reimbursements for the plan year starting ${formatDate(year)}.`);
    // Until the day before coverage would begin, or the invitation's 60 days if they end sooner.
    const lastDay = [daysFrom(eligibleFrom, -1), daysFrom(todayUtc(), 60)].sort()[0]!;
    expect(mail.text).toContain(`register with the link in your invitation by ${formatDate(lastDay)}: after that`);
  });

  test("the last day to take an opting out back is the employee's own: its evening in Hawaii still counts, the next morning does not", async () => {
    const { f, person, invite } = await hiredTodayInThirdYear();
    expect((await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite, decline: true } })).status).toBe(200);
    const from = (
      t.database.sqlite.query("select eligible_from as e from census_employees where email = ?").get(person.email) as { e: string }
    ).e;
    const save = (at: string) =>
      saveRegistration(
        t.database.db,
        loadDataKey(t.config),
        f.enrollmentId,
        { ...completeRegistration(person.email), invite } as RegistrationSave,
        "https://benefits.example",
        "help@example.com",
        Date.parse(at),
      );
    // 1 am UTC on the first waived day is 3 pm the day before in Honolulu: still the last day.
    await expect(save(`${from}T11:00:00Z`)).rejects.toThrow("it cannot be taken back");
    expect((await save(`${from}T01:00:00Z`)).registration?.declinedAt).toBeNull();
    // And the employer is told, as the opting out's email promised, on that evening too.
    const ownerEmail = (t.database.sqlite.query("select email from users where id = ?").get(f.userId) as { email: string }).email;
    expect(outboxTo(t, ownerEmail, "employee_declined_withdrawn")).toHaveLength(1);
  });

  test("an opting out that has taken effect holds for its plan year: its email says so, and registering is refused", async () => {
    const { f, person, invite } = await hiredTodayInThirdYear();
    // Coverage from the first of this month: the months an opting out waives have started.
    const monthStart = `${todayUtc().slice(0, 8)}01`;
    t.database.sqlite.query("update census_employees set eligible_from = ? where email = ?").run(monthStart, person.email);
    const declined = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite, decline: true } });
    expect(declined.status).toBe(200);
    const until = planYearEnd(planYearStartOn("2024-08-01", monthStart));
    expect((await declined.json()).optedOut).toEqual({ takeBackUntil: null, until });
    const [mail] = outboxTo(t, person.email, "employee_opt_out_confirmation");
    expect(mail.text).toContain(`so this holds until the plan year ends on ${formatDate(until)}.`);
    expect(mail.text).not.toContain("If you change your mind");
    const res = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, {
      json: { ...completeRegistration(person.email), invite },
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.message).toContain(
      `took effect on ${formatDate(monthStart)}: it cannot be taken back for the plan year ending ${formatDate(until)}.`,
    );
    expect(body.waiver).toEqual({ declinedOn: todayUtc(), from: monthStart, until });
    const row = t.database.sqlite
      .query("select declined_at as d, submitted_at as s from employee_registrations where email = ?")
      .get(person.email) as {
      d: number | null;
      s: number | null;
    };
    expect(row.d).not.toBeNull();
    expect(row.s).toBeNull();
  });

  test("before the plan starts too, the invitation carries the notice", async () => {
    const f = await submitted("2027-06-01");
    const person = newHire({ hireDate: "2027-07-20" });
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, { ...as(f.ownerCookie), json: person });
    expect(res.status).toBe(201);
    expect(outboxTo(t, person.email, "employee_invitation")[0].text).toContain("Your ICHRA notice follows.");
    expect((await res.json()).employees.find((e: { email: string }) => e.email === person.email).eligibleFrom).toBe("2027-08-01");
  });

  test("before submitting, an unknown class, a repeated email, another owner: refused", async () => {
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: "2027-06-01",
      employeeClasses: tiered,
      employees: people(),
      submitted: false,
    });
    const post = (json: unknown, cookie = f.ownerCookie) =>
      t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, { ...as(cookie), json });
    let res = await post(newHire());
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Until your enrollment is submitted, add employees by uploading your census.");
    t.database.sqlite.query("update enrollments set finalized_at = ? where id = ?").run(Date.now(), f.enrollmentId);
    res = await post(newHire({ className: "Interns" }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ className: "Class must be one of the defined classes: Full-time, Part-time" });
    res = await post(newHire({ email: `ana-${stamp}@example.com` }));
    expect(res.status).toBe(409);
    res = await post(newHire({ homeZip: "" }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ homeZip: "Home ZIP is required" });
    res = await post(newHire({ homeZip: "787" }));
    expect((await res.json()).errors).toEqual({ homeZip: "Home ZIP must be in XXXXX or XXXXX-XXXX format" });
    const stranger = await createEnrollmentWithCensus(t.database.db, { employees: people() });
    expect((await post(newHire(), stranger.ownerCookie)).status).toBe(404);
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees`, { json: newHire() })).status).toBe(401);
  });
});

describe("opting out at registration (recorded with the date)", () => {
  test("declining records the date and emails a confirmation; the dashboard shows it; registering takes it back", async () => {
    const f = await createEnrollmentWithCensus(t.database.db, {
      effectiveDate: "2027-06-01",
      employeeClasses: tiered,
      employees: people(),
    });
    await t.request("POST", `/api/enrollment/${f.enrollmentId}/invitations`, as(f.ownerCookie));
    const email = `ana-${stamp}@example.com`;
    const invite = tokenFrom(t, email);
    const before = Date.now();
    let res = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite, decline: true } });
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(Date.parse(view.registration.declinedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(view.registration.submittedAt).toBeNull();
    expect(view.optedOut).toEqual({ takeBackUntil: "2027-05-31", until: planYearEnd("2027-06-01") });
    const mail = outboxTo(t, email, "employee_opt_out_confirmation");
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("you opted out of the individual coverage HRA");
    expect(mail[0].text).toContain(`for the plan year starting ${formatDate("2027-06-01")}.`);
    // The invitation's days run past the plan's start; taking it back ends the day before it.
    expect(view.deadline > "2027-05-31").toBe(true);
    expect(mail[0].text).toContain(`register with the link in your invitation by ${formatDate("2027-05-31")}: after that`);
    const list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    expect(list.employees.find((e: { email: string }) => e.email === email).declinedAt).toBe(view.registration.declinedAt);
    // The employer is told, as for an opting out on My benefits (decision 026).
    const ownerEmail = (t.database.sqlite.query("select email from users where id = ?").get(f.userId) as { email: string }).email;
    const [told] = outboxTo(t, ownerEmail, "employee_declined_invitation");
    expect(told.subject).toEndWith(": Ana A opted out of the ICHRA");
    expect(told.text).toContain("Ana A opted out of your ICHRA at their invitation");
    expect(told.text).toContain(`Until ${formatDate("2027-05-31")} they can take it back by registering, and we will tell you if they do.`);
    // Opting out again changes nothing: the date stands, and nobody is emailed twice.
    const again = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite, decline: true } });
    expect((await again.json()).registration.declinedAt).toBe(view.registration.declinedAt);
    expect(outboxTo(t, ownerEmail, "employee_declined_invitation")).toHaveLength(1);
    expect(outboxTo(t, email, "employee_opt_out_confirmation")).toHaveLength(1);

    // Registering after all: the opt-out is taken back.
    const complete = { ...completeRegistration(email), invite };
    res = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: complete });
    expect(res.status).toBe(200);
    const registered = await res.json();
    expect(registered.registration.declinedAt).toBeNull();
    const after = outboxTo(t, ownerEmail, "employee_declined_withdrawn")[0].text;
    expect(after).toContain(
      `Ana A took back their opting out before it started and registered for your ICHRA: their allowance starts on ${formatDate("2027-06-01")}.`,
    );
    expect(after).toContain(`/dashboard/${f.businessId}`);
    // Family coverage in a class that varies by family size: $1,000 a month, all three stated.
    expect(registered.allowance).toBe(1000);
    expect(registered.allowances).toEqual({ individual: 400, individualPlus1: 700, family: 1000 });
    // Once submitted, an opt-out goes through the employer.
    res = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite, decline: true } });
    expect(res.status).toBe(409);
  });
});
