// The final rule's class rules, enforced when classes are saved and again at finalize.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { inDays, ownerWithCensus, ownerWithPlan } from "../../test/employers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = (enrollmentId: number) => {
  const row = t.database.sqlite
    .query("select employee_classes as c, offers_group_plan as g from enrollments where id = ?")
    .get(enrollmentId) as { c: string | null; g: number };
  return { classes: row.c === null ? null : JSON.parse(row.c), offersGroupPlan: row.g };
};

const classesWithBases = [
  { name: "Full-time", allowanceAmount: 500, basis: ["full-time"] },
  { name: "Part-time", allowanceAmount: 250, basis: ["part-time"] },
];

describe("minimum class size (census: 2 full-time, 1 part-time)", () => {
  test("with a group plan offered to another class, saving refuses classes below 10 and explains why", async () => {
    const owner = await ownerWithCensus(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: { employeeClasses: classesWithBases, offersGroupPlan: true },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.errors).sort()).toEqual(["employeeClasses.0.basis", "employeeClasses.1.basis"]);
    expect(body.errors["employeeClasses.0.basis"]).toContain("10");
    const rule =
      "employers with fewer than 100 employees need at least 10 in each such class. Merge it with another class, or define it differently.";
    expect(body.errors).toEqual({
      "employeeClasses.0.basis": `The class "Full-time" has 2 employees but needs at least 10. Because you also offer a group health plan to another class, a class based on full-time employees must meet the minimum class size: ${rule}`,
      "employeeClasses.1.basis": `The class "Part-time" has 1 employee but needs at least 10. Because you also offer a group health plan to another class, a class based on part-time employees must meet the minimum class size: ${rule}`,
    });
    expect(body.message).toBe(body.errors["employeeClasses.0.basis"]);
    // The refused classes were not stored: the census step's classes (no bases, no group plan) remain.
    expect(stored(owner.enrollmentId)).toEqual({
      classes: [
        { name: "Full-time", allowanceCents: 50000, eligibilityRequirements: "30+ hours a week" },
        { name: "Part-time", allowanceCents: 25000 },
      ],
      offersGroupPlan: 0,
    });
  });

  test("without a group plan the rule does not apply", async () => {
    const owner = await ownerWithCensus(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: { employeeClasses: classesWithBases, offersGroupPlan: false },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.offersGroupPlan).toBe(false);
    expect(body.employeeClasses[0]).toMatchObject({ name: "Full-time", basis: ["full-time"], headcount: 2 });
  });

  test("finalize re-checks: a group plan recorded before the census was uploaded is refused at submit", async () => {
    const owner = await ownerWithPlan(t);
    let res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: { employeeClasses: classesWithBases, offersGroupPlan: true },
    });
    expect(res.status).toBe(200); // no census yet: every class has 0 employees, nothing to measure
    const { censusForm, goodCsv } = await import("../../test/employers");
    res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers, body: censusForm(goodCsv) });
    expect(res.status).toBe(200);
    await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, {
      headers: owner.headers,
      json: { effectiveDate: inDays(90) },
    });
    res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors)).toContain("employeeClasses.0.basis");
    const row = t.database.sqlite.query("select status, finalized_at from enrollments where id = ?").get(owner.enrollmentId) as {
      status: string;
      finalized_at: number | null;
    };
    expect(row.finalized_at).toBeNull();
    expect(row.status).toBe("classes_defined");
    const emails = t.database.sqlite
      .query("select count(*) as n from outbox where kind = 'enrollment_confirmation' and to_address = ?")
      .get(owner.email) as { n: number };
    expect(emails.n).toBe(0);
  });
});

describe("age-banded allowances", () => {
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

  test("a 3:1 band is accepted and read back in dollars", async () => {
    const owner = await ownerWithPlan(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: { employeeClasses: banded(600) },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).employeeClasses[0].ageBands).toEqual(banded(600)[0].ageBands.map((b) => ({ ...b, headcount: 0 })));
  });

  test("census employees are counted in the band of their age on the effective date", async () => {
    const owner = await ownerWithCensus(t); // Full-time: born 1985-04-23 and 1979-12-01; Part-time: one
    const bands = [
      { minAge: 0, maxAge: 17, allowanceAmount: 200 },
      { minAge: 18, maxAge: 44, allowanceAmount: 300 },
      { minAge: 45, allowanceAmount: 500 },
    ];
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: {
        employeeClasses: [
          { name: "Full-time", allowanceAmount: 300, ageBands: bands },
          { name: "Part-time", allowanceAmount: 250 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const read = await (await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: owner.headers })).json();
    expect(read.employeeClasses[0].ageBands.map((b: { headcount: number }) => b.headcount)).toEqual([0, 1, 1]);
    expect(read.employeeClasses[1].ageBands).toBeUndefined();
  });

  test("3.01:1 is refused with a message that says so", async () => {
    const owner = await ownerWithPlan(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: { employeeClasses: banded(602) },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    const messages = Object.values(body.errors as Record<string, string>).join(" ");
    expect(messages).toContain("3 times");
    expect(body.errors).toEqual({
      "employeeClasses.0.ageBands.2":
        "The oldest band's allowance may be at most 3 times the youngest band's ($600.00 here); it is $602.00.",
    });
    expect(stored(owner.enrollmentId)).toEqual({ classes: null, offersGroupPlan: 0 });
  });

  test("an unknown class basis is refused", async () => {
    const owner = await ownerWithPlan(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: { employeeClasses: [{ name: "X", allowanceAmount: 100, basis: ["executives"] }] },
    });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(Object.keys(errors)[0]).toMatch(/^employeeClasses\.0\.basis/);
    expect(errors).toEqual({ "employeeClasses.0.basis.0": "Choose one of the permitted employee classes" });
    expect(stored(owner.enrollmentId)).toEqual({ classes: null, offersGroupPlan: 0 });
  });
});
