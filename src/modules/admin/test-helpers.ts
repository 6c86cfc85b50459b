// Shared by the admin tests: an admin account, a signed-in cookie, rows at known instants.
import type { TestApp } from "../../test/api";
import { cookieOf } from "../../test/employers";
import { createAdmin } from "./accounts";

export const adminPassword = "correct horse battery staple";

export async function signedInAdmin(t: TestApp, username = "ops"): Promise<string> {
  await createAdmin(t.database.db, { username, password: adminPassword }).catch(() => {});
  const res = await t.request("POST", "/api/admin/login", { json: { username, password: adminPassword } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

export interface LeadRow {
  formType: string;
  name: string;
  email: string;
  company?: string | null;
  phone?: string | null;
  currentProvider?: string | null;
  message?: string | null;
  submittedAt: number;
  data?: unknown;
}

export function insertLeads(t: TestApp, rows: LeadRow[]): number[] {
  const insert = t.database.sqlite.prepare(
    `insert into form_submissions (form_type, name, email, company, phone, current_provider, message, submitted_at, data)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  return rows.map(
    (r) =>
      (
        insert.get(
          r.formType,
          r.name,
          r.email,
          r.company ?? null,
          r.phone ?? null,
          r.currentProvider ?? null,
          r.message ?? null,
          r.submittedAt,
          r.data === undefined ? null : JSON.stringify(r.data),
        ) as { id: number }
      ).id,
  );
}
