// Shared by the lead list's tests: rows at known instants, inserted as a bulk load would.
import type { TestApp } from "../../test/api";

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
