// The lead list at a million rows: filters, search, counts and keyset pages run in SQLite.
// - Pages are ordered newest first by (submitted_at, id) and continue from a cursor
//   (keyset), so page 1,000 costs what page 1 does.
// - Search is a substring match over name, email and company through the FTS5 trigram
//   index (3 characters or more; shorter terms fall back to LIKE, which scans).
// - Counts without a search add up form_submission_counts (per type and UTC hour) and
//   count only the partial hours at the edges through the submitted_at index.
import { type SQL, sql } from "drizzle-orm";
import type { DB } from "../../db";
import { badRequest, notFound } from "../../http/errors";
import { iso } from "../../lib/iso";
import {
  controlCharacters,
  type DateRange,
  type FormType,
  type LeadStatus,
  type Submission,
  type SubmissionDetail,
  type Summary,
} from "./model";
import { checkTimeZone, rangeStart } from "./time-range";

export interface SubmissionFilter {
  formType?: FormType | "all";
  range?: DateRange;
  q?: string;
  tz?: string;
}

interface ResolvedFilter {
  formType: FormType | null;
  since: number | null;
  q: string;
}

export interface Cursor {
  submittedAt: number;
  id: number;
}

const hourMs = 3_600_000;

/** The first row of a raw query as an object (Drizzle's `get` on raw SQL answers a value array). */
async function first<T>(db: DB, query: SQL): Promise<T | undefined> {
  return (await db.all<T>(query))[0];
}

/** Up to this many matches, fetching them by id and sorting beats walking the date index. */
const sortMatchesUpTo = 2000;
/**
 * When a page is expected to be found within this many rows of the walk, reading those rows
 * and testing the term on each beats building the full set of index matches first.
 */
const scanReadsUpTo = 5000;

/**
 * How a search page is found: "sort" fetches the matches by id and sorts them; "walk"
 * walks the date index keeping ids in the search index's matches; "scan" walks the date
 * index testing each row's text (for frequent terms, whose page is found within a few
 * thousand rows). "scan" is only used for ASCII terms, where SQLite's lower() folds case
 * exactly as the trigram tokenizer does.
 */
export type SearchPlan = "sort" | "walk" | "scan";

export function resolveFilter(filter: SubmissionFilter, now = Date.now()): ResolvedFilter {
  const timeZone = checkTimeZone(filter.tz);
  return {
    formType: filter.formType && filter.formType !== "all" ? filter.formType : null,
    since: rangeStart(filter.range, timeZone, now),
    // The API refuses control characters; callers inside the server get them dropped, so
    // none reaches the search index (a NUL ends SQLite's reading of the MATCH string).
    q: (filter.q ?? "").replace(controlPattern, "").trim(),
  };
}

const controlPattern = new RegExp(`[${controlCharacters}]`, "g");

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.submittedAt}.${cursor.id}`).toString("base64url");
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(Buffer.from(raw, "base64url").toString());
  if (!match) throw badRequest("Please correct the highlighted fields in the query.", { cursor: "Not a valid cursor" });
  return { submittedAt: Number(match[1]), id: Number(match[2]) };
}

/** An FTS5 phrase: the whole term, quotes doubled, matched as a substring by the trigram tokenizer. */
const phrase = (q: string) => `"${q.replaceAll('"', '""')}"`;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: ResolvedFilter, cursor: Cursor | null = null, plan: SearchPlan | null = null): SQL {
  const parts: SQL[] = [];
  if (filter.formType) parts.push(sql`f.form_type = ${filter.formType}`);
  if (filter.since !== null) parts.push(sql`f.submitted_at >= ${filter.since}`);
  if (plan === "scan") {
    const term = filter.q.toLowerCase();
    parts.push(
      sql`(instr(lower(f.name), ${term}) > 0 OR instr(lower(f.email), ${term}) > 0 OR instr(lower(coalesce(f.company, '')), ${term}) > 0)`,
    );
  } else if (filter.q.length >= 3) {
    parts.push(sql`f.id IN (SELECT rowid FROM form_submissions_search WHERE form_submissions_search MATCH ${phrase(filter.q)})`);
  } else if (filter.q) {
    const like = likePattern(filter.q);
    parts.push(sql`(f.name LIKE ${like} ESCAPE '\\' OR f.email LIKE ${like} ESCAPE '\\' OR f.company LIKE ${like} ESCAPE '\\')`);
  }
  if (cursor) parts.push(sql`(f.submitted_at, f.id) < (${cursor.submittedAt}, ${cursor.id})`);
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
}

async function countSince(db: DB, formType: FormType | null, since: number | null): Promise<number> {
  const byType = formType ? sql`form_type = ${formType}` : sql`1`;
  if (since === null) {
    const row = await first<{ n: number | null }>(db, sql`SELECT sum(n) AS n FROM form_submission_counts WHERE ${byType}`);
    return row?.n ?? 0;
  }
  const firstWholeHour = Math.ceil(since / hourMs);
  const whole = await first<{ n: number | null }>(
    db,
    sql`SELECT sum(n) AS n FROM form_submission_counts WHERE ${byType} AND hour >= ${firstWholeHour}`,
  );
  const edge = await first<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM form_submissions WHERE ${byType} AND submitted_at >= ${since} AND submitted_at < ${firstWholeHour * hourMs}`,
  );
  return (whole?.n ?? 0) + (edge?.n ?? 0);
}

/**
 * A search counts its matches up to this many and then says "more": counting every match of
 * a common term (a tenth of a million rows) costs more than the page itself, and nobody
 * reads further than that without narrowing the search.
 */
export const SEARCH_COUNT_CAP = 10_000;

/** The number of matches; with a search, at most SEARCH_COUNT_CAP + 1 (meaning "more"). */
export async function countSubmissions(db: DB, filter: ResolvedFilter): Promise<number> {
  if (!filter.q) return countSince(db, filter.formType, filter.since);
  const cap = SEARCH_COUNT_CAP + 1;
  if (filter.q.length >= 3 && !filter.formType && filter.since === null) {
    const row = await first<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM (SELECT 1 FROM form_submissions_search WHERE form_submissions_search MATCH ${phrase(filter.q)} LIMIT ${cap})`,
    );
    return row?.n ?? 0;
  }
  const row = await first<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM form_submissions f ${conditions(filter)} LIMIT ${cap})`,
  );
  return row?.n ?? 0;
}

interface Row {
  id: number;
  form_type: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  current_provider: string | null;
  message: string | null;
  submitted_at: number;
  lead_status: string;
}

const columns = sql`f.id, f.form_type, f.name, f.email, f.company, f.phone, f.current_provider, f.message, f.submitted_at, f.lead_status`;

function toSubmission(row: Row): Submission {
  return {
    id: row.id,
    formType: row.form_type,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    currentProvider: row.current_provider,
    message: row.message,
    submittedAt: iso(row.submitted_at),
    leadStatus: row.lead_status,
  };
}

/** Picks the search plan from the number of matches (`total`, from countSubmissions). */
export async function searchPlan(db: DB, filter: ResolvedFilter, total: number, limit: number): Promise<SearchPlan | null> {
  if (filter.q.length < 3) return null;
  if (total <= sortMatchesUpTo) return "sort";
  // Rows the walk reads to find a page, if the matches are spread evenly over the range.
  const inRange = await countSince(db, filter.formType, filter.since);
  const expectedReads = (limit * inRange) / Math.max(1, total);
  // Past the count cap the term is frequent by definition: the estimate above is only an
  // upper bound then, and the scan finds a page soonest.
  const frequent = total > SEARCH_COUNT_CAP;
  return /^[\x20-\x7e]+$/.test(filter.q) && (frequent || expectedReads <= scanReadsUpTo) ? "scan" : "walk";
}

/** One page, newest first. */
async function pageRows(db: DB, filter: ResolvedFilter, cursor: Cursor | null, limit: number, plan: SearchPlan | null): Promise<Row[]> {
  let source = sql`form_submissions f`;
  if (plan === "sort") source = sql`form_submissions f NOT INDEXED`;
  else if (plan && filter.formType) source = sql`form_submissions f INDEXED BY form_submissions_type_submitted_idx`;
  else if (plan) source = sql`form_submissions f INDEXED BY form_submissions_submitted_idx`;
  return db.all<Row>(
    sql`SELECT ${columns} FROM ${source} ${conditions(filter, cursor, plan)} ORDER BY f.submitted_at DESC, f.id DESC LIMIT ${limit}`,
  );
}

export interface SubmissionPage {
  items: Submission[];
  total: number;
  /** A search with more than SEARCH_COUNT_CAP matches: `total` is a lower bound. */
  totalCapped: boolean;
  nextCursor: string | null;
}

export async function listSubmissions(
  db: DB,
  filter: SubmissionFilter & { limit?: number; cursor?: string },
  now = Date.now(),
): Promise<SubmissionPage> {
  const resolved = resolveFilter(filter, now);
  const cursor = decodeCursor(filter.cursor);
  const limit = filter.limit ?? 50;
  if (limit < 1 || limit > 500)
    throw badRequest("Please correct the highlighted fields in the query.", { limit: "A whole number from 1 to 500" });
  const counted = await countSubmissions(db, resolved);
  const totalCapped = Boolean(resolved.q) && counted > SEARCH_COUNT_CAP;
  const total = totalCapped ? SEARCH_COUNT_CAP : counted;
  const plan = await searchPlan(db, resolved, counted, limit + 1);
  const rows = await pageRows(db, resolved, cursor, limit + 1, plan);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map(toSubmission),
    total,
    totalCapped,
    nextCursor: more && last ? encodeCursor({ submittedAt: last.submitted_at, id: last.id }) : null,
  };
}

export async function summarize(db: DB, tz: string | undefined, now = Date.now()): Promise<Summary> {
  const since = rangeStart("today", checkTimeZone(tz), now);
  const byType = await db.all<{ form_type: string; n: number }>(
    sql`SELECT form_type, sum(n) AS n FROM form_submission_counts GROUP BY form_type`,
  );
  const of = (type: string) => byType.find((r) => r.form_type === type)?.n ?? 0;
  return {
    total: byType.reduce((sum, r) => sum + r.n, 0),
    today: await countSince(db, null, since),
    employers: of("employers"),
    brokers: of("brokers"),
    platforms: of("platforms"),
    contact: of("contact"),
    enrollment: of("enrollment"),
  };
}

export interface PreparedExport {
  filter: ResolvedFilter;
  plan: SearchPlan | null;
  batchSize: number;
}

/**
 * Everything about an export that can fail on the client's input, done before the file
 * starts: once the first bytes are out, a failure can only cut the file short.
 */
export async function prepareExport(db: DB, filter: SubmissionFilter, batchSize = 2000, now = Date.now()): Promise<PreparedExport> {
  const resolved = resolveFilter(filter, now);
  const plan = resolved.q.length >= 3 ? await searchPlan(db, resolved, await countSubmissions(db, resolved), batchSize) : null;
  return { filter: resolved, plan, batchSize };
}

/** Every row of the export, newest first, `batchSize` at a time: the export never holds the whole list. */
export async function* submissionBatches(db: DB, { filter: resolved, plan, batchSize }: PreparedExport): AsyncGenerator<Submission[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await pageRows(db, resolved, cursor, batchSize, plan);
    if (rows.length) yield rows.map(toSubmission);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { submittedAt: last.submitted_at, id: last.id };
  }
}

export async function getSubmission(db: DB, id: number): Promise<SubmissionDetail> {
  const row = await first<Row & { data: string | null; lead_status_by: string | null; lead_status_at: number | null }>(
    db,
    sql`SELECT ${columns}, f.data, f.lead_status_by, f.lead_status_at FROM form_submissions f WHERE f.id = ${id}`,
  );
  if (!row) throw notFound("Submission not found.");
  let data: Record<string, unknown> | null = null;
  try {
    const parsed = row.data ? JSON.parse(row.data) : null;
    data = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null;
  } catch {
    data = null;
  }
  return {
    ...toSubmission(row),
    data,
    leadStatusBy: row.lead_status_by,
    leadStatusAt: iso(row.lead_status_at),
  };
}

export async function setLeadStatus(db: DB, id: number, status: LeadStatus, by: string, now = Date.now()): Promise<SubmissionDetail> {
  const updated = await first<{ id: number }>(
    db,
    sql`UPDATE form_submissions SET lead_status = ${status}, lead_status_by = ${by}, lead_status_at = ${now} WHERE id = ${id} RETURNING id`,
  );
  if (!updated) throw notFound("Submission not found.");
  return getSubmission(db, id);
}
