// The final rule's class rules (26 CFR 54.9802-4), enforced when classes are saved and again
// at finalize, each from a hand-computed case. The paragraph is in each test's name.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { NOT_AN_OBJECT_MESSAGE, NOT_JSON_MESSAGE } from "../../http/errors";
import { daysFrom } from "../../lib/date-rules";
import { createTestApp, type TestApp } from "../../test/api";
import {
  adminHeaders,
  censusForm,
  classesPayload,
  goodCsv,
  inDays,
  type Owner,
  ownerWithCensus,
  ownerWithPlan,
  planStart,
  registerOwner,
} from "../../test/employers";
import { CLASS_SIZE_REASON_MESSAGE, classSizeApprovalMessage, classSizeShortfallsOf, type EnrollmentReviewItem } from "./model";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = (enrollmentId: number) => {
  const row = t.database.sqlite
    .query("select employee_classes as c, group_plan_classes as g, total_employees as n from enrollments where id = ?")
    .get(enrollmentId) as { c: string | null; g: string; n: number | null };
  return { classes: row.c === null ? null : JSON.parse(row.c), groupPlanClasses: JSON.parse(row.g), totalEmployees: row.n };
};

const putClasses = (owner: Owner & { enrollmentId: number }, json: unknown) =>
  t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, { headers: owner.headers, json });

const header = "First Name,Last Name,Email,Date of Birth,Home ZIP,Class,Phone,Hire Date,Employment Type,Work ZIP";

/** A census of `fullTime` rows in "Full-time" and `partTime` in "Part-time". */
function census(fullTime: number, partTime: number, extra: string[] = []): string {
  const row = (i: number, cls: string) => `P${i},Person,p${i}@acme.test,1980-01-01,78701,${cls},,,,`;
  return [
    header,
    ...Array.from({ length: fullTime }, (_, i) => row(i, "Full-time")),
    ...Array.from({ length: partTime }, (_, i) => row(fullTime + i, "Part-time")),
    ...extra,
  ].join("\n");
}

/** An owner whose classes (from `classesPayload`) and census are saved. */
async function ownerWithRows(csv: string, classes = classesPayload()) {
  const owner = await ownerWithPlan(t);
  expect((await putClasses(owner, classes)).status).toBe(200);
  const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers, body: censusForm(csv) });
  expect(res.status).toBe(200);
  return owner;
}

const fullTime = { name: "Full-time", allowanceAmount: 500, basis: ["full-time"] };
const partTime = { name: "Part-time", allowanceAmount: 250, basis: ["part-time"] };
const office = { name: "Office", basis: ["salaried"], headcount: 120 };

describe("54.9802-4(d)(2): every class is defined by the permitted classes", () => {
  test("a class with no basis (3 employees, group plan offered) is refused, naming the class", async () => {
    const owner = await ownerWithCensus(t); // 2 Full-time, 1 Part-time
    const res = await putClasses(owner, {
      employeeClasses: [{ name: "Full-time", allowanceAmount: 500 }, partTime],
      totalEmployees: 40,
      groupPlanClasses: [office],
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    const message =
      'The class "Full-time" must be based on at least one of the permitted employee classes (26 CFR 54.9802-4(d)(2)), or a combination of them. Choose what it is based on.';
    expect(body.errors["employeeClasses.0.basis"]).toBe(message);
    expect(body.message).toBe(message);
    // An empty list is no basis either.
    const empty = await putClasses(owner, classesPayload([{ ...fullTime, basis: [] }, partTime]));
    expect((await empty.json()).errors["employeeClasses.0.basis"]).toBe(message);
  });

  test("an unknown basis is refused by the schema", async () => {
    const owner = await ownerWithPlan(t);
    const res = await putClasses(owner, classesPayload([{ name: "X", allowanceAmount: 100, basis: ["executives"] }]));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ "employeeClasses.0.basis.0": "Choose one of the permitted employee classes" });
    expect(stored(owner.enrollmentId).classes).toBeNull();
  });

  test("a group-plan class needs a basis too", async () => {
    const owner = await ownerWithPlan(t);
    const res = await putClasses(owner, classesPayload([fullTime], { groupPlanClasses: [{ name: "Managers", headcount: 4 }] }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors["groupPlanClasses.0.basis"]).toStartWith('The class "Managers" must be based on');
  });
});

describe("54.9802-4(d)(3): the minimum class size, measured on the employer's expected headcount", () => {
  test("14 full-time + 16 part-time for an employer of 150 with a group plan: floor 15 (10% of 150), full-time refused", async () => {
    const owner = await ownerWithRows(census(14, 16), classesPayload([fullTime, partTime], { totalEmployees: 30 }));
    // Counted on the census (30 employees) the floor is 10 and both classes pass.
    expect((await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: 30, groupPlanClasses: [office] }))).status).toBe(
      200,
    );
    const res = await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: 150, groupPlanClasses: [office] }));
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors).toEqual({
      "employeeClasses.0.basis":
        'The class "Full-time" has 14 employees but needs at least 15. Because you also offer a group health plan to another class, a class based on full-time employees must meet the minimum class size: employers with 100 to 200 employees need 10% of their headcount, rounded down (15 for 150). Merge it with another class, or define it differently.',
    });
    expect(stored(owner.enrollmentId).totalEmployees).toBe(30); // the refused save left the row as it was
  });

  test("a census uploaded after submitting (the step skipped) that leaves a class short is named in the enrollment's read", async () => {
    const owner = await ownerWithPlan(t);
    const id = owner.enrollmentId;
    expect((await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: 30, groupPlanClasses: [office] }))).status).toBe(
      200,
    );
    expect((await t.request("PUT", `/api/enrollment/${id}/census/skip`, { headers: owner.headers })).status).toBe(200);
    expect(
      (await t.request("PUT", `/api/enrollment/${id}/effective-date`, { headers: owner.headers, json: { effectiveDate: planStart(90) } }))
        .status,
    ).toBe(200);
    const submitted = await t.request("PUT", `/api/enrollment/${id}/finalize`, { headers: owner.headers, json: {} });
    expect(submitted.status).toBe(200);
    // No census yet: nothing measured, nothing short.
    expect((await submitted.json()).classSizeShortfalls).toEqual([]);
    const read = async () =>
      (await (await t.request("GET", `/api/enrollment/${id}`, { headers: owner.headers })).json()).classSizeShortfalls;
    // 14 full-time and 2 part-time of an expected 30: the floor is 10, and the part-time class falls short.
    const upload = await t.request("POST", `/api/enrollment/${id}/census`, { headers: owner.headers, body: censusForm(census(14, 2)) });
    expect(upload.status).toBe(200);
    expect(await read()).toEqual([{ className: "Part-time", headcount: 2, minimum: 10 }]);
    // The admin's list says it too.
    const admin = await adminHeaders(t);
    const listed = (await (await t.request("GET", "/api/admin/enrollments", { headers: admin })).json()) as {
      id: number;
      classSizeShortfalls: unknown[];
    }[];
    expect(listed.find((e) => e.id === id)!.classSizeShortfalls).toEqual([{ className: "Part-time", headcount: 2, minimum: 10 }]);
    // An approval is refused while it stands, naming the class; with a reason it goes through and the reason is kept.
    const approve = (json?: unknown) =>
      t.request("POST", `/api/admin/enrollments/${id}/approve`, { headers: admin, ...(json === undefined ? {} : { json }) });
    const refused = await approve();
    expect(refused.status).toBe(409);
    const refusal = await refused.json();
    expect(refusal).toMatchObject({ message: classSizeApprovalMessage([{ className: "Part-time", headcount: 2, minimum: 10 }]) });
    // The shape the admin's screen reads back (ClassSizeRefusal), one schema for both sides.
    expect(classSizeShortfallsOf(refusal)).toEqual([{ className: "Part-time", headcount: 2, minimum: 10 }]);
    expect(classSizeShortfallsOf({ message: "This enrollment is approved: only pending enrollments can be approved." })).toBeNull();
    expect((await approve({ classSizeReason: "" })).status).toBe(400);
    // A body that is no object is no "no reason": refused, not read as an approval without one.
    for (const notAnObject of ["approve", ["x"], null, 1]) {
      const res = await approve(notAnObject);
      expect([notAnObject, res.status, (await res.json()).message]).toEqual([notAnObject, 400, NOT_AN_OBJECT_MESSAGE]);
    }
    // A body of another type than JSON is left unread: it is told to send JSON, not approved.
    const asText = await t.request("POST", `/api/admin/enrollments/${id}/approve`, {
      headers: { ...admin, "content-type": "text/plain" },
      body: "classSizeReason=because",
    });
    expect(asText.status).toBe(400);
    expect((await asText.json()).message).toBe(NOT_JSON_MESSAGE);
    // Spaces and control characters are no reason either: a 400 naming the field, not the 409.
    for (const blank of ["   ", "\u0000\u0007 "]) {
      const res = await approve({ classSizeReason: blank });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ classSizeReason: CLASS_SIZE_REASON_MESSAGE });
    }
    expect(await (await approve({ classSizeReason: "x".repeat(1001) })).json()).toMatchObject({
      errors: { classSizeReason: CLASS_SIZE_REASON_MESSAGE },
    });
    expect(t.database.sqlite.query("select status from enrollments where id = ?").get(id)).toEqual({ status: "pending" });
    const reason = "Eight part-time hires start on January 2; the employer sent their offer letters.";
    const approved = await approve({ classSizeReason: `${reason}\u0007` });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({
      id,
      status: "approved",
      classSizeOverride: { reason, by: expect.any(String), at: expect.any(String) },
    });
    const after = ((await (await t.request("GET", "/api/admin/enrollments", { headers: admin })).json()) as EnrollmentReviewItem[]).find(
      (e) => e.id === id,
    )!;
    expect(after.classSizeOverride).toEqual({ reason, by: expect.any(String), at: expect.any(String) });
    expect(after.classSizeOverride!.by.length).toBeGreaterThan(0);
    // An approval with nothing short records no reason, even when one is sent.
    const fine = await ownerWithRows(census(14, 2), classesPayload([fullTime, partTime], { totalEmployees: 30 }));
    await t.request("PUT", `/api/enrollment/${fine.enrollmentId}/effective-date`, {
      headers: fine.headers,
      json: { effectiveDate: planStart(90) },
    });
    for (const notAnObject of ["submit", [], null])
      expect(
        (await t.request("PUT", `/api/enrollment/${fine.enrollmentId}/finalize`, { headers: fine.headers, json: notAnObject })).status,
      ).toBe(400);
    // Signed out, the session is refused before the body is checked.
    expect((await t.request("PUT", `/api/enrollment/${fine.enrollmentId}/finalize`, { json: "submit" })).status).toBe(401);
    expect((await t.request("PUT", `/api/enrollment/${fine.enrollmentId}/finalize`, { headers: fine.headers })).status).toBe(200);
    const plain = await t.request("POST", `/api/admin/enrollments/${fine.enrollmentId}/approve`, {
      headers: admin,
      json: { classSizeReason: "Not needed" },
    });
    expect(await plain.json()).toEqual({ id: fine.enrollmentId, status: "approved", classSizeOverride: null });
    expect(t.database.sqlite.query("select class_size_override_reason as r from enrollments where id = ?").get(fine.enrollmentId)).toEqual({
      r: null,
    });
    // Without a group plan for another class there is no floor, even on the same census.
    const noGroupPlan = await ownerWithRows(census(14, 2), classesPayload([fullTime, partTime], { totalEmployees: 30 }));
    await t.request("PUT", `/api/enrollment/${noGroupPlan.enrollmentId}/effective-date`, {
      headers: noGroupPlan.headers,
      json: { effectiveDate: planStart(90) },
    });
    expect(
      (await t.request("PUT", `/api/enrollment/${noGroupPlan.enrollmentId}/finalize`, { headers: noGroupPlan.headers, json: {} })).status,
    ).toBe(200);
    const other = await (await t.request("GET", `/api/enrollment/${noGroupPlan.enrollmentId}`, { headers: noGroupPlan.headers })).json();
    expect(other.classSizeShortfalls).toEqual([]);
  });

  test("201 employees: floor 20; 99 employees: floor 10; 200 employees: floor 20 (10% of 200)", async () => {
    const owner = await ownerWithRows(census(19, 11), classesPayload([fullTime, partTime], { totalEmployees: 30 }));
    const short = async (total: number) =>
      Object.keys(
        (
          await (
            await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: total, groupPlanClasses: [office] }))
          ).json()
        ).errors ?? {},
      );
    expect(await short(201)).toEqual(["employeeClasses.0.basis", "employeeClasses.1.basis"]); // 19 and 11 < 20
    expect(await short(99)).toEqual([]); // 19 and 11 ≥ 10
    expect(await short(200)).toEqual(["employeeClasses.0.basis", "employeeClasses.1.basis"]); // 10% of 200 = 20
    expect(await short(119)).toEqual([]); // 10% of 119 = 11.9 → 11
  });

  test("no group plan: no floor; waiting-period combinations are exempt (a state class too: class-checks.test)", async () => {
    const owner = await ownerWithRows(census(3, 1), classesPayload([fullTime, partTime], { totalEmployees: 30 }));
    expect((await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: 150 }))).status).toBe(200);
    const exempt = await putClasses(
      owner,
      classesPayload(
        [
          { ...fullTime, basis: ["full-time", "waiting-period"] },
          { ...partTime, basis: ["part-time", "waiting-period"] },
        ],
        { totalEmployees: 150, groupPlanClasses: [office] },
      ),
    );
    expect(exempt.status).toBe(200);
    expect(stored(owner.enrollmentId).groupPlanClasses).toEqual([office]);
  });

  test("the class size counts those employed on the plan year's first day: employees hired later do not make up a short class", async () => {
    // The plan's classes are saved first (the census step checks each row against them).
    const owner = await ownerWithPlan(t);
    expect((await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: 40 }))).status).toBe(200);
    const later = daysFrom(planStart(), 200);
    const hiredLater = Array.from({ length: 8 }, (_, i) => `L${i},Later,l${i}@acme.test,1980-01-01,78701,Part-time,,${later},,`);
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, {
      headers: owner.headers,
      body: censusForm(census(12, 2, hiredLater)),
    });
    expect(res.status).toBe(200);
    // The read says both counts: the wizard measures the class size on the first day's, as the server does.
    const read = await (await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: owner.headers })).json();
    expect(read.employeeClasses.map((c: { headcount: number; firstDayHeadcount: number }) => [c.headcount, c.firstDayHeadcount])).toEqual([
      [12, 12],
      [10, 2],
    ]);
    expect(read.census).toMatchObject({ count: 22, firstDay: 14 });
    // 40 expected, a group plan offered: the floor is 10; Part-time has 2 on the first day, not 10.
    const refused = await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: 40, groupPlanClasses: [office] }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors["employeeClasses.1.basis"]).toStartWith(
      'The class "Part-time" has 2 employees but needs at least 10.',
    );
  });

  test("the expected headcount is at least the census count, and finalize needs it", async () => {
    const owner = await ownerWithRows(census(14, 16), classesPayload([fullTime, partTime], { totalEmployees: 30 }));
    const res = await putClasses(owner, classesPayload([fullTime, partTime], { totalEmployees: 29 }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.totalEmployees).toBe(
      "Total employees (29) cannot be fewer than the 30 employees your census shows employed on the plan year's first day: count everyone you expect to employ that day, on a group plan or in no class too.",
    );
    // A row saved before the question existed has no headcount: submitting asks for it.
    t.database.sqlite.query("update enrollments set total_employees = null where id = ?").run(owner.enrollmentId);
    const finalize = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    expect(finalize.status).toBe(400);
    expect((await finalize.json()).errors.totalEmployees).toBe(
      "Enter how many employees you expect on the first day of the plan year, on the Employee Classes step.",
    );
  });

  test("finalize re-checks: a group plan recorded before the census was uploaded is refused at submit", async () => {
    const owner = await ownerWithPlan(t);
    let res = await putClasses(owner, classesPayload([fullTime, partTime], { groupPlanClasses: [office] }));
    expect(res.status).toBe(200); // no census yet: nothing to measure
    res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers, body: censusForm(goodCsv) });
    expect(res.status).toBe(200);
    res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["employeeClasses.0.basis", "employeeClasses.1.basis"]);
    const row = t.database.sqlite.query("select status, finalized_at from enrollments where id = ?").get(owner.enrollmentId) as {
      status: string;
      finalized_at: number | null;
    };
    expect(row).toEqual({ status: "classes_defined", finalized_at: null });
  });
});

describe("54.9802-4(c)(2): no class is offered both the ICHRA and the group plan", () => {
  test("a group-plan class with the same name, or the same bases, as an ICHRA class is refused", async () => {
    const owner = await ownerWithPlan(t);
    let res = await putClasses(owner, classesPayload([fullTime, partTime], { groupPlanClasses: [{ ...office, name: "full-time " }] }));
    expect(res.status).toBe(400);
    let { errors } = await res.json();
    expect(errors["groupPlanClasses.0.basis"]).toStartWith(
      'The class "Full-time" cannot be offered both the ICHRA and the group plan: the group-plan class "full-time" is the same class (same name).',
    );
    res = await putClasses(
      owner,
      classesPayload([fullTime, partTime], { groupPlanClasses: [{ name: "Staff", basis: ["part-time"], headcount: 3 }] }),
    );
    ({ errors } = await res.json());
    expect(errors["groupPlanClasses.0.basis"]).toStartWith(
      'The class "Part-time" cannot be offered both the ICHRA and the group plan: the group-plan class "Staff" is the same class (both are part-time employees).',
    );
    expect(errors["employeeClasses.1.basis"]).toBe(errors["groupPlanClasses.0.basis"]);
    expect(stored(owner.enrollmentId).classes).toBeNull();
  });
});

describe("54.9802-4(c)(3): amounts vary within a class only by age (3:1) and family size", () => {
  const banded = (oldest: number) => [
    {
      name: "Everyone",
      allowanceAmount: 300,
      basis: ["full-time"],
      ageBands: [
        { minAge: 0, maxAge: 29, allowanceAmount: 200 },
        { minAge: 30, maxAge: 49, allowanceAmount: 400 },
        { minAge: 50, allowanceAmount: oldest },
      ],
    },
  ];

  test("$200 youngest → $600 oldest (3:1) is accepted and read back in dollars", async () => {
    const owner = await ownerWithPlan(t);
    const res = await putClasses(owner, classesPayload(banded(600)));
    expect(res.status).toBe(200);
    expect((await res.json()).employeeClasses[0].ageBands).toEqual(banded(600)[0].ageBands.map((b) => ({ ...b, headcount: 0 })));
  });

  test("$602 for the oldest (3.01:1) is refused with a message that says so", async () => {
    const owner = await ownerWithPlan(t);
    const res = await putClasses(owner, classesPayload(banded(602)));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      "employeeClasses.0.ageBands.2":
        "The oldest band's allowance may be at most 3 times the youngest band's ($600.00 here); it is $602.00.",
    });
    expect(stored(owner.enrollmentId).classes).toBeNull();
  });

  test("census employees are counted in the band of their age on the effective date", async () => {
    const owner = await ownerWithCensus(t); // Full-time: born 1985-04-23 and 1979-12-01; Part-time: one
    const bands = [
      { minAge: 0, maxAge: 17, allowanceAmount: 200 },
      { minAge: 18, maxAge: 44, allowanceAmount: 300 },
      { minAge: 45, allowanceAmount: 500 },
    ];
    const res = await putClasses(owner, classesPayload([{ ...fullTime, allowanceAmount: 300, ageBands: bands }, partTime]));
    expect(res.status).toBe(200);
    const read = await (await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: owner.headers })).json();
    // On a plan start in 2027: born 1985 → 41 or 42 (18–44); born 1979-12-01 → 47 (45+).
    expect(read.employeeClasses[0].ageBands.map((b: { headcount: number }) => b.headcount)).toEqual([0, 1, 1]);
    expect(read.employeeClasses[1].ageBands).toBeUndefined();
  });

  test("family sizes: self $400, self + one $700, family $1,000 are stored in cents; self + one below self is refused", async () => {
    const owner = await ownerWithPlan(t);
    const tiered = { ...fullTime, allowanceAmount: 400, individualPlus1Amount: 700, familyAmount: 1000 };
    expect((await putClasses(owner, classesPayload([tiered]))).status).toBe(200);
    expect(stored(owner.enrollmentId).classes).toEqual([
      { name: "Full-time", allowanceCents: 40_000, individualPlus1Cents: 70_000, familyCents: 100_000, basis: ["full-time"] },
    ]);
    const res = await putClasses(owner, classesPayload([{ ...tiered, individualPlus1Amount: 399.99 }]));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      "employeeClasses.0.allowanceAmount":
        'The class "Full-time": the self + one allowance may not be less than the self-only allowance; amounts may only rise with the number of people covered.',
    });
  });

  test("bands of a class that varies by family size carry the family sizes too", async () => {
    const owner = await ownerWithPlan(t);
    const res = await putClasses(
      owner,
      classesPayload([
        {
          ...fullTime,
          allowanceAmount: 400,
          familyAmount: 1000,
          ageBands: [
            { minAge: 0, maxAge: 39, allowanceAmount: 400, familyAmount: 1000 },
            { minAge: 40, allowanceAmount: 800 },
          ],
        },
      ]),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      "employeeClasses.0.ageBands.1":
        "Age band 2 needs the same family sizes as the class (self + one and family amounts), since the class's allowance varies by family size.",
    });
  });
});

describe("54.9802-4(d)(5): the new-hire subclass", () => {
  test("new hires get their own terms, counted apart; the date must not be past", async () => {
    const hireDate = planStart(90); // on the plan start: a new hire
    const csv = [
      header,
      `Nia,New,nia@acme.test,1990-01-01,78701,Full-time,,${hireDate},,`,
      "Old,Timer,old@acme.test,1980-01-01,78701,Full-time,,2020-01-01,,",
    ].join("\n");
    const newHires = { hiredOnOrAfter: planStart(90), allowanceAmount: 300 };
    const owner = await ownerWithRows(csv, classesPayload([fullTime, partTime]));
    const res = await putClasses(owner, classesPayload([{ ...fullTime, newHires }, partTime]));
    expect(res.status).toBe(200);
    expect((await res.json()).employeeClasses[0]).toMatchObject({
      headcount: 2,
      newHires: { hiredOnOrAfter: planStart(90), allowanceAmount: 300, headcount: 1 },
    });
    const past = await putClasses(
      owner,
      classesPayload([{ ...fullTime, newHires: { ...newHires, hiredOnOrAfter: inDays(-3) } }, partTime]),
    );
    expect(past.status).toBe(400);
    expect((await past.json()).errors).toEqual({
      "employeeClasses.0.newHires.hiredOnOrAfter":
        'The new-hire date of "Full-time" must not be in the past: new hires are those hired on or after a date set ahead of time.',
    });
  });
});

describe("where people work (primary site of employment)", () => {
  test("a state class whose census employees work in another state is refused, naming the rows", async () => {
    const texas = { name: "Texas", allowanceAmount: 400, basis: ["state"], states: ["TX"] };
    const csv = [header, "Ann,A,ann@acme.test,1980-01-01,78701,Texas,,,,", "Bo,B,bo@acme.test,1980-01-01,30303,Texas,,,,"].join("\n");
    const owner = await ownerWithRows(csv, classesPayload([{ ...texas, basis: ["full-time"] }]));
    // Neither row gave a work ZIP: each works at the business's ZIP (78701, Austin).
    expect((await putClasses(owner, classesPayload([texas]))).status).toBe(200);
    const georgia = await putClasses(owner, classesPayload([{ ...texas, states: ["GA"] }]));
    expect(georgia.status).toBe(400);
    expect((await georgia.json()).errors["employeeClasses.0.basis"]).toBe(
      'The class "Texas" is for employees whose primary site of employment is in GA, but 2 census employees work elsewhere: row 2 (work ZIP 78701, TX) and row 3 (work ZIP 78701, TX). Correct their work ZIP in the census, or move them to another class.',
    );
  });

  test("the census refuses a row of a state class that works elsewhere, and keeps the rest", async () => {
    const owner = await ownerWithPlan(t);
    await putClasses(owner, classesPayload([{ name: "Texas", allowanceAmount: 400, basis: ["state"], states: ["TX"] }]));
    const csv = [header, "Ann,A,ann@acme.test,1980-01-01,78701,Texas,,,,75201", "Bo,B,bo@acme.test,1980-01-01,78701,Texas,,,,30303"].join(
      "\n",
    );
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers, body: censusForm(csv) });
    expect(await res.json()).toEqual({
      accepted: 1,
      rejected: 1,
      errors: [{ row: 3, field: "Work ZIP", message: 'Work ZIP 30303 (GA) is outside TX, where the class "Texas" works' }],
    });
    const zips = t.database.sqlite.query("select work_zip as z from census_employees where enrollment_id = ?").all(owner.enrollmentId);
    expect(zips).toEqual([{ z: "75201" }]);
  });
});

describe("money has at most two decimals: 1.005 is refused, not rounded", () => {
  test("in the classes, their bands and family sizes", async () => {
    const owner = await ownerWithPlan(t);
    const res = await putClasses(
      owner,
      classesPayload([
        {
          ...fullTime,
          allowanceAmount: 1.005,
          individualPlus1Amount: 2.001,
          ageBands: [{ minAge: 0, allowanceAmount: 400.999, individualPlus1Amount: 500 }],
        },
      ]),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      "employeeClasses.0.allowanceAmount": "Allowance amount can have at most two decimals (whole cents)",
      "employeeClasses.0.individualPlus1Amount": "Self + one allowance can have at most two decimals (whole cents)",
      "employeeClasses.0.ageBands.0.allowanceAmount": "Band allowance can have at most two decimals (whole cents)",
    });
    expect(stored(owner.enrollmentId).classes).toBeNull();
  });

  test("in the plan step's budget", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 2, effectiveDate: planStart(90), monthlyBudget: 1.005 },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ monthlyBudget: "Monthly budget can have at most two decimals (whole cents)" });
  });
});

describe("plan limits (issue 13.9)", () => {
  test("the Essential plan (up to 2 employee classes) refuses a third, naming the plan and the limit", async () => {
    const owner = await registerOwner(t);
    const plan = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 1, effectiveDate: planStart(90), monthlyBudget: 450 },
    });
    const { enrollmentId } = await plan.json();
    const three = classesPayload([fullTime, partTime, { name: "Seasonal", allowanceAmount: 100, basis: ["seasonal"] }]);
    const res = await t.request("PUT", `/api/enrollment/${enrollmentId}/classes`, { headers: owner.headers, json: three });
    expect(res.status).toBe(400);
    const message = "The Essential plan includes up to 2 employee classes; you have 3. Merge classes, or choose a plan with more classes.";
    expect(await res.json()).toEqual({ message, errors: { employeeClasses: message } });
    // Two are fine; a group-plan class is no ICHRA class and does not count.
    const two = classesPayload([fullTime, partTime], { groupPlanClasses: [office] });
    expect((await t.request("PUT", `/api/enrollment/${enrollmentId}/classes`, { headers: owner.headers, json: two })).status).toBe(200);
  });

  test("choosing Essential after saving three classes is refused on the plan", async () => {
    const owner = await ownerWithPlan(t); // Advantage: unlimited
    expect(
      (await putClasses(owner, classesPayload([fullTime, partTime, { name: "Seasonal", allowanceAmount: 100, basis: ["seasonal"] }])))
        .status,
    ).toBe(200);
    const res = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 1, effectiveDate: planStart(90), monthlyBudget: 450 },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.planId).toStartWith("The Essential plan includes up to 2 employee classes; you have 3.");
  });

  test("multi-state classes come with Enterprise only", async () => {
    const owner = await ownerWithPlan(t); // Advantage
    const region = { name: "South", allowanceAmount: 300, basis: ["multi-state-region"], states: ["TX", "OK"] };
    const res = await putClasses(owner, classesPayload([region]));
    expect(res.status).toBe(400);
    expect((await res.json()).errors["employeeClasses.0.basis"]).toBe(
      'The Advantage plan does not include multi-state classes ("South" is based on a multi-state region); they come with the Enterprise plan. Define the class by state, or choose Enterprise.',
    );
  });
});

describe("effective dates are the first of a month (rulings)", () => {
  test("another day is refused with the nearest first of a month", async () => {
    const owner = await ownerWithPlan(t);
    const start = planStart(90); // a 1st
    const tenth = `${start.slice(0, 8)}10`;
    const twentieth = `${start.slice(0, 8)}20`;
    const send = (effectiveDate: string) =>
      t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, { headers: owner.headers, json: { effectiveDate } });
    const { formatDate, firstOfNextMonth } = await import("../../lib/date-rules");
    let res = await send(tenth);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.effectiveDate).toBe(
      `The effective date must be the first day of a month, because individual health coverage starts on the 1st. The nearest is ${formatDate(start)}.`,
    );
    res = await send(twentieth);
    expect((await res.json()).errors.effectiveDate).toEndWith(`The nearest is ${formatDate(firstOfNextMonth(start))}.`);
    expect((await send(start)).status).toBe(200);
  });
});

describe("54.9802-4(c)(6): fewer than 90 days before the effective date, only a new employer submits", () => {
  test("refused, naming the day notices could still be on time, unless the business did not exist 120 days before the plan; 90 days or more is on time", async () => {
    const { daysFrom, firstOfMonthOnOrAfter, firstOfNextMonth, formatDate, localToday, todayUtc } = await import("../../lib/date-rules");
    const owner = await ownerWithCensus(t);
    const soon = firstOfNextMonth(daysFrom(localToday(), 30)); // 31 to 61 days away
    await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, {
      headers: owner.headers,
      json: { effectiveDate: soon },
    });
    const finalize = (json: unknown) =>
      t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json });
    const refused = await finalize({});
    expect(refused.status).toBe(400);
    const onTime = firstOfMonthOnOrAfter(daysFrom(todayUtc(), 90));
    expect((await refused.json()).errors).toEqual({
      newEmployer: `Your employees must get their ICHRA notice at least 90 days before the plan starts on ${formatDate(soon)}. Choose an effective date on or after ${formatDate(onTime)}, or confirm that your business did not yet exist 120 days before the plan starts.`,
    });
    // Nothing was submitted.
    expect(t.database.sqlite.query("select finalized_at as f from enrollments where id = ?").get(owner.enrollmentId)).toEqual({ f: null });
    expect((await finalize({ newEmployer: false })).status).toBe(400);
    const taken = await finalize({ newEmployer: true });
    expect(taken.status).toBe(200);
    // A new employer's notices are due by the day the plan year starts.
    expect((await taken.json()).notice).toEqual({ deadline: soon, late: true, newEmployer: true });
    // The reviewer sees the statement the late notice rests on.
    const listed = (await (
      await t.request("GET", "/api/admin/enrollments?limit=500", { headers: await adminHeaders(t) })
    ).json()) as EnrollmentReviewItem[];
    expect(listed.find((e) => e.id === owner.enrollmentId)?.newEmployer).toBe(true);
    const other = await ownerWithCensus(t); // effective date planStart(90): at least 90 days away
    // On time, the statement is not needed, and not recorded when sent anyway.
    const fine = await t.request("PUT", `/api/enrollment/${other.enrollmentId}/finalize`, {
      headers: other.headers,
      json: { newEmployer: true },
    });
    expect((await fine.json()).notice).toEqual({ deadline: daysFrom(planStart(90), -90), late: false, newEmployer: false });
  });
});
