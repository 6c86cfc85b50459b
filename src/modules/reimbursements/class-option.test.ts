// The class option reimbursements read: whether unused allowance carries over within the
// plan year. Saved with the classes, true unless the employer says otherwise.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { classesPayload, ownerWithPlan } from "../../test/employers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test("carryOver is stored only when false, read back as saved, and must be a boolean", async () => {
  const owner = await ownerWithPlan(t);
  const save = (employeeClasses: unknown[]) =>
    t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, { headers: owner.headers, json: classesPayload(employeeClasses) });
  const res = await save([
    { name: "Full-time", allowanceAmount: 500, basis: ["full-time"], carryOver: false },
    { name: "Part-time", allowanceAmount: 250, basis: ["part-time"], carryOver: true },
    { name: "Seasonal", allowanceAmount: 100, basis: ["seasonal"] },
  ]);
  expect(res.status).toBe(200);
  expect((await res.json()).employeeClasses.map((c: { name: string; carryOver?: boolean }) => [c.name, c.carryOver])).toEqual([
    ["Full-time", false],
    ["Part-time", undefined],
    ["Seasonal", undefined],
  ]);
  const stored = t.database.sqlite.query("select employee_classes as c from enrollments where id = ?").get(owner.enrollmentId) as {
    c: string;
  };
  expect(JSON.parse(stored.c)).toEqual([
    { name: "Full-time", allowanceCents: 50_000, basis: ["full-time"], carryOver: false },
    { name: "Part-time", allowanceCents: 25_000, basis: ["part-time"] },
    { name: "Seasonal", allowanceCents: 10_000, basis: ["seasonal"] },
  ]);
  const bad = await save([{ name: "Full-time", allowanceAmount: 500, basis: ["full-time"], carryOver: "no" }]);
  expect(bad.status).toBe(400);
  expect(Object.keys((await bad.json()).errors)).toEqual(["employeeClasses.0.carryOver"]);
});
