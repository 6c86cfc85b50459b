// The admin's review queue: proofs and claims, oldest first, filtered by status, kind and
// employer, a page at a time. Each kind is read through its own (status, created_at, id)
// index, at most a page and one more row each; the two are merged by (created_at, kind,
// id), which the cursor carries.
import { coverageProofs, reimbursementClaims } from "@db/schema";
import { and, asc, count, eq, gt, gte, type SQL, sql } from "drizzle-orm";
import { type SelectedFields, union } from "drizzle-orm/sqlite-core";
import type { DB } from "../../db";
import { decodeCursor, encodeCursor, type Page, pageLimit } from "../../http/pagination";
import { iso } from "../../lib/iso";
import { toDollars } from "../../lib/money";
import { businessNamesAndContacts } from "../businesses/service";
import { employeeProfiles } from "../employees/directory";
import { fullName } from "./employee";
import {
  claimStatuses,
  proofStatuses,
  questionsOf,
  type ReviewEmployers,
  type ReviewItem,
  type ReviewKind,
  type ReviewQueueQuery,
  type ReviewStatus,
} from "./model";
import { documentsOf, historyOf } from "./views";

/** Proofs sort before claims sent at the same millisecond. */
const rank: Record<ReviewKind, number> = { proof: 0, claim: 1 };

/** The statuses each kind is filtered on; null leaves that kind out. */
function statusFilter(status: ReviewStatus = "awaiting-review"): Record<ReviewKind, string | null> {
  if (status === "awaiting-review") return { claim: "submitted", proof: "pending" };
  return {
    claim: (claimStatuses as readonly string[]).includes(status) ? status : null,
    proof: (proofStatuses as readonly string[]).includes(status) ? status : null,
  };
}

type Table = typeof reimbursementClaims | typeof coverageProofs;

/** Rows of `kind` after the cursor (createdAt, kind rank, id), in queue order. */
function afterCursor(table: Table, kind: ReviewKind, cursor: number[] | null): SQL | undefined {
  if (!cursor) return undefined;
  const [createdAt, cursorRank, id] = cursor as [number, number, number];
  if (rank[kind] > cursorRank) return gte(table.createdAt, createdAt);
  if (rank[kind] < cursorRank) return gt(table.createdAt, createdAt);
  return sql`(${table.createdAt}, ${table.id}) > (${createdAt}, ${id})`;
}

interface QueueRow {
  kind: ReviewKind;
  id: number;
  status: string;
  createdAt: number;
  employeeId: number;
  businessId: number;
  month: string | null;
  amountCents: number | null;
  coverageStart: string | null;
  carrier: string;
}

export async function reviewQueue(db: DB, query: ReviewQueueQuery): Promise<Page<ReviewItem>> {
  const limit = pageLimit(query.limit, 50);
  const cursor = decodeCursor(query.cursor, 3);
  const statuses = statusFilter(query.status);
  const businessId = query.businessId ? Number(query.businessId) : null;
  const wanted = (kind: ReviewKind) => statuses[kind] !== null && (!query.kind || query.kind === kind);
  const where = (table: Table, kind: ReviewKind, paged: boolean) =>
    and(
      eq(table.status, statuses[kind]!),
      businessId === null ? undefined : eq(table.businessId, businessId),
      paged ? afterCursor(table, kind, cursor) : undefined,
    );
  const c = reimbursementClaims;
  const p = coverageProofs;
  // What a queue row shows of either kind, and a page of that kind after the cursor.
  const shared = (table: Table) => ({
    id: table.id,
    status: table.status,
    createdAt: table.createdAt,
    employeeId: table.employeeId,
    businessId: table.businessId,
    carrier: table.carrier,
  });
  const pageOf = <F extends SelectedFields>(table: Table, kind: ReviewKind, own: F) =>
    wanted(kind)
      ? db
          .select({ ...shared(table), ...own })
          .from(table)
          .where(where(table, kind, true))
          .orderBy(asc(table.createdAt), asc(table.id))
          .limit(limit + 1)
      : [];
  const countOf = async (table: Table, kind: ReviewKind) =>
    wanted(kind)
      ? ((
          await db
            .select({ n: count() })
            .from(table)
            .where(where(table, kind, false))
            .get()
        )?.n ?? 0)
      : 0;
  const [claims, proofs, claimCount, proofCount] = await Promise.all([
    pageOf(c, "claim", { month: c.month, amountCents: c.amountCents }),
    pageOf(p, "proof", { coverageStart: p.coverageStart }),
    countOf(c, "claim"),
    countOf(p, "proof"),
  ]);
  const merged: QueueRow[] = [
    ...claims.map((r) => ({ ...r, kind: "claim" as const, coverageStart: null })),
    ...proofs.map((r) => ({ ...r, kind: "proof" as const, month: null, amountCents: null })),
  ].sort((a, b) => a.createdAt - b.createdAt || rank[a.kind] - rank[b.kind] || a.id - b.id);
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  const employeeIds = page.map((r) => r.employeeId);
  const businessIds = page.map((r) => r.businessId);
  const claimIds = page.filter((r) => r.kind === "claim").map((r) => r.id);
  const [people, employers, documents, histories] = await Promise.all([
    employeeProfiles(db, employeeIds),
    businessNamesAndContacts(db, businessIds),
    documentsOf(db, { claimIds, proofIds: page.filter((r) => r.kind === "proof").map((r) => r.id) }),
    historyOf(db, claimIds),
  ]);
  return {
    items: page.map((r) => {
      const person = people.get(r.employeeId);
      return {
        kind: r.kind,
        id: r.id,
        status: r.status,
        submittedAt: new Date(r.createdAt).toISOString(),
        employee: { id: r.employeeId, name: person ? fullName(person) : "" },
        employer: { businessId: r.businessId, name: employers.get(r.businessId)?.name ?? "" },
        month: r.month,
        amount: r.amountCents === null ? null : toDollars(r.amountCents),
        coverageStart: r.coverageStart,
        carrier: r.carrier,
        documents: r.kind === "claim" ? documents.ofClaim(r.id) : documents.ofProof(r.id),
        // Proof and claim ids are apart: a proof has no history, whatever claim shares its id.
        questions: (r.kind === "claim" ? questionsOf(histories.get(r.id) ?? []) : []).map((q) => ({
          askedAt: iso(q.askedAt),
          answeredAt: q.answeredAt === null ? null : iso(q.answeredAt),
        })),
      };
    }),
    nextCursor: merged.length > limit && last ? encodeCursor([last.createdAt, rank[last.kind], last.id]) : null,
    total: claimCount + proofCount,
  };
}

/**
 * Every employer with a proof or a claim, by name. Each table's (business, status, ...)
 * index gives its distinct employers without reading the rows.
 */
export async function reviewEmployers(db: DB): Promise<ReviewEmployers> {
  const ids = await union(
    db.selectDistinct({ id: reimbursementClaims.businessId }).from(reimbursementClaims),
    db.selectDistinct({ id: coverageProofs.businessId }).from(coverageProofs),
  );
  const names = await businessNamesAndContacts(
    db,
    ids.map((row) => row.id),
  );
  return [...names]
    .map(([businessId, { name }]) => ({ businessId, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-US") || a.businessId - b.businessId);
}
