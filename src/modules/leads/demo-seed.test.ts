// The demo leads (`seed --demo N`) are what the lead forms would have stored.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { validate } from "../../lib/field-errors";
import { createTestApp, type TestApp } from "../../test/api";
import { composeLead, type LeadFields } from "./compose";
import { seedDemoSubmissions } from "./demo-seed";
import { type FormType, formSchemas, formTypes } from "./model";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  seedDemoSubmissions(t.database.sqlite, 200);
});
afterAll(() => t.close());

interface Row {
  form_type: FormType;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  current_provider: string | null;
  message: string | null;
  data: string;
}
const rows = () => t.database.sqlite.query("select * from form_submissions order by id").all() as Row[];

describe("demo leads", () => {
  test("every row holds a valid submission of its form, stored the way the leads service composes it", () => {
    const all = rows();
    expect(all).toHaveLength(200);
    expect(new Set(all.map((r) => r.form_type))).toEqual(new Set(formTypes));
    for (const row of all) {
      const fields = JSON.parse(row.data) as LeadFields;
      expect(validate(formSchemas[row.form_type], fields)).toBeNull();
      const composed = composeLead(row.form_type, fields);
      expect({
        formType: row.form_type,
        name: row.name,
        email: row.email,
        company: row.company,
        phone: row.phone,
        currentProvider: row.current_provider,
        message: row.message,
      }).toEqual(composed);
    }
  });

  test("the composed lines read as real leads do", () => {
    const messages = (type: FormType) =>
      rows()
        .filter((r) => r.form_type === type)
        .map((r) => r.message);
    expect(messages("employers").every((m) => /^Number of employees: [\d,]+$/.test(m ?? ""))).toBe(true);
    expect(
      messages("platforms").every((m) => /^Integration interest: (Yes - Ready to integrate|No - Just exploring options)$/.test(m ?? "")),
    ).toBe(true);
    expect(messages("brokers").some((m) => m === null)).toBe(true);
    expect(
      messages("brokers")
        .filter(Boolean)
        .every((m) => /^Existing platform: /.test(m!)),
    ).toBe(true);
    expect(
      messages("enrollment")
        .filter(Boolean)
        .every((m) => /^Current ICHRA provider: /.test(m!)),
    ).toBe(true);
    const brokers = rows().filter((r) => r.form_type === "brokers" && r.message);
    expect(brokers.every((r) => r.message === `Existing platform: ${r.current_provider}`)).toBe(true);
  });
});
