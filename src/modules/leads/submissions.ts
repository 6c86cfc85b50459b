// The lead list at a million rows: filters, search, counts and keyset pages run in SQLite.
// - Pages are ordered newest first by (submitted_at, id) and continue from a cursor
//   (keyset), so page 1,000 costs what page 1 does.
// - Search is a substring match over name, email and company through the FTS5 trigram
//   index (3 characters or more; shorter terms fall back to LIKE, which scans).
// - Counts without a search add up form_submission_counts (per type and UTC hour) and
//   count only the partial hours at the edges through the submitted_at index.
// The statements are SQL templates over the tables' column references (the index hints
// have no query-builder form), selecting each column under its answer's name.
import { formSubmissionCounts as counts, formSubmissionsSearch as search } from "@db/derived";
import { formSubmissions as f } from "@db/schema";
import { type Column, eq, type GetColumnData, type SQL, sql } from "drizzle-orm";
import type { DB } from "../../db";
import { badRequest, found, notFound } from "../../http/errors";
import { decodeCursor, encodeCursor, type Page } from "../../http/pagination";
import { checkTimeZone } from "../../http/time-zone-query";
import { iso } from "../../lib/iso";
import { INVALID_LIMIT_MESSAGE, MAX_PAGE_SIZE } from "../../lib/pages";
import { plainText } from "../../lib/plain-text";
import { type DateRange, type FormType, formTypes, type LeadStatus, type Submission, type SubmissionDetail, type Summary } from "./model";
import { rangeStart } from "./time-range";

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

/** `column AS "name", …`: each column under the answer's name for it. */
function selectList(columns: Record<string, Column>): SQL {
  return sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
    sql`, `,
  );
}

/** The row `selectList(columns)` reads, typed from the columns. */
type RowOf<T extends Record<string, Column>> = { [K in keyof T]: GetColumnData<T[K]> };

/** A submission's columns, named as the answer names them (the instant is still in ms). */
const listed = {
  id: f.id,
  formType: f.formType,
  name: f.name,
  email: f.email,
  company: f.company,
  phone: f.phone,
  currentProvider: f.currentProvider,
  message: f.message,
  submittedAt: f.submittedAt,
  leadStatus: f.leadStatus,
};
type ListedRow = RowOf<typeof listed>;

const detailed = { ...listed, leadStatusBy: f.leadStatusBy, leadStatusAt: f.leadStatusAt };

const asSubmission = (row: ListedRow): Submission => ({ ...row, submittedAt: iso(row.submittedAt) });

/** The first row of a raw query as an object (Drizzle's `get` on raw SQL answers a value array). */
async function first<T>(db: DB, query: SQL): Promise<T | undefined> {
  return (await db.all<T>(query))[0];
}

/** The `n` a counting statement selects; 0 when SQLite answers NULL (a sum over no rows). */
async function number(db: DB, query: SQL): Promise<number> {
  return (await first<{ n: number | null }>(db, query))?.n ?? 0;
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
    q: plainText(filter.q ?? ""),
  };
}

const toCursor = (row: Cursor) => encodeCursor([row.submittedAt, row.id]);

function fromCursor(raw: string | undefined): Cursor | null {
  const parts = decodeCursor(raw, 2);
  return parts ? { submittedAt: parts[0]!, id: parts[1]! } : null;
}

/** An FTS5 phrase: the whole term, quotes doubled, matched as a substring by the trigram tokenizer. */
const phrase = (q: string) => `"${q.replaceAll('"', '""')}"`;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const matches = (q: string) => sql`${search} MATCH ${phrase(q)}`;

function conditions(filter: ResolvedFilter, cursor: Cursor | null = null, plan: SearchPlan | null = null): SQL {
  const parts: SQL[] = [];
  if (filter.formType) parts.push(sql`${f.formType} = ${filter.formType}`);
  if (filter.since !== null) parts.push(sql`${f.submittedAt} >= ${filter.since}`);
  if (plan === "scan") {
    const term = filter.q.toLowerCase();
    parts.push(
      sql`(instr(lower(${f.name}), ${term}) > 0 OR instr(lower(${f.email}), ${term}) > 0 OR instr(lower(coalesce(${f.company}, '')), ${term}) > 0)`,
    );
  } else if (filter.q.length >= 3) {
    parts.push(sql`${f.id} IN (SELECT ${search.rowid} FROM ${search} WHERE ${matches(filter.q)})`);
  } else if (filter.q) {
    const like = likePattern(filter.q);
    parts.push(sql`(${f.name} LIKE ${like} ESCAPE '\\' OR ${f.email} LIKE ${like} ESCAPE '\\' OR ${f.company} LIKE ${like} ESCAPE '\\')`);
  }
  if (cursor) parts.push(sql`(${f.submittedAt}, ${f.id}) < (${cursor.submittedAt}, ${cursor.id})`);
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
}

async function countSince(db: DB, formType: FormType | null, since: number | null): Promise<number> {
  const byType = (column: Column) => (formType ? sql`${column} = ${formType}` : sql`1`);
  if (since === null) return number(db, sql`SELECT sum(${counts.n}) AS n FROM ${counts} WHERE ${byType(counts.formType)}`);
  const firstWholeHour = Math.ceil(since / hourMs);
  const whole = await number(
    db,
    sql`SELECT sum(${counts.n}) AS n FROM ${counts} WHERE ${byType(counts.formType)} AND ${counts.hour} >= ${firstWholeHour}`,
  );
  const edge = await number(
    db,
    sql`SELECT count(*) AS n FROM ${f} WHERE ${byType(f.formType)} AND ${f.submittedAt} >= ${since} AND ${f.submittedAt} < ${firstWholeHour * hourMs}`,
  );
  return whole + edge;
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
    return number(db, sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${search} WHERE ${matches(filter.q)} LIMIT ${cap})`);
  }
  return number(db, sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${f} ${conditions(filter)} LIMIT ${cap})`);
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

/** The date indexes a search plan walks (db/schema.ts names them). */
const submittedIndex = sql.identifier("form_submissions_submitted_idx");
const typeSubmittedIndex = sql.identifier("form_submissions_type_submitted_idx");

/** One page, newest first. */
async function pageRows(
  db: DB,
  filter: ResolvedFilter,
  cursor: Cursor | null,
  limit: number,
  plan: SearchPlan | null,
): Promise<ListedRow[]> {
  let source = sql`${f}`;
  if (plan === "sort") source = sql`${f} NOT INDEXED`;
  else if (plan && filter.formType) source = sql`${f} INDEXED BY ${typeSubmittedIndex}`;
  else if (plan) source = sql`${f} INDEXED BY ${submittedIndex}`;
  return db.all<ListedRow>(
    sql`SELECT ${selectList(listed)} FROM ${source} ${conditions(filter, cursor, plan)} ORDER BY ${f.submittedAt} DESC, ${f.id} DESC LIMIT ${limit}`,
  );
}

export async function listSubmissions(
  db: DB,
  filter: SubmissionFilter & { limit?: number; cursor?: string },
  now = Date.now(),
): Promise<Page<Submission> & { total: number; totalCapped: boolean }> {
  const resolved = resolveFilter(filter, now);
  const cursor = fromCursor(filter.cursor);
  const limit = filter.limit ?? 50;
  if (limit < 1 || limit > MAX_PAGE_SIZE)
    throw badRequest("Please correct the highlighted fields in the query.", { limit: INVALID_LIMIT_MESSAGE });
  const counted = await countSubmissions(db, resolved);
  const totalCapped = Boolean(resolved.q) && counted > SEARCH_COUNT_CAP;
  const total = totalCapped ? SEARCH_COUNT_CAP : counted;
  const plan = await searchPlan(db, resolved, counted, limit + 1);
  const rows = await pageRows(db, resolved, cursor, limit + 1, plan);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map(asSubmission),
    total,
    totalCapped,
    nextCursor: more && last ? toCursor(last) : null,
  };
}

export async function summarize(db: DB, tz: string | undefined, now = Date.now()): Promise<Summary> {
  const since = rangeStart("today", checkTimeZone(tz), now);
  const byType = await db.all<{ formType: string; n: number }>(
    sql`SELECT ${counts.formType} AS "formType", sum(${counts.n}) AS n FROM ${counts} GROUP BY ${counts.formType}`,
  );
  const of = (type: FormType) => byType.find((r) => r.formType === type)?.n ?? 0;
  return {
    total: byType.reduce((sum, r) => sum + r.n, 0),
    today: await countSince(db, null, since),
    ...(Object.fromEntries(formTypes.map((type) => [type, of(type)])) as Record<FormType, number>),
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
    if (rows.length) yield rows.map(asSubmission);
    if (rows.length < batchSize) return;
    cursor = rows[rows.length - 1]!;
  }
}

/** The structured data as stored: an object, or null for anything else (or unreadable JSON). */
function dataObject(text: string | null): Record<string, unknown> | null {
  try {
    const parsed = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export async function getSubmission(db: DB, id: number): Promise<SubmissionDetail> {
  // The data column is read as its stored text: JSON that does not parse must not fail the read.
  const row = found(
    await first<RowOf<typeof detailed> & { data: string | null }>(
      db,
      sql`SELECT ${selectList(detailed)}, ${f.data} AS "data" FROM ${f} WHERE ${f.id} = ${id}`,
    ),
    "Submission not found.",
  );
  return { ...asSubmission(row), data: dataObject(row.data), leadStatusBy: row.leadStatusBy, leadStatusAt: iso(row.leadStatusAt) };
}

export async function setLeadStatus(db: DB, id: number, status: LeadStatus, by: string, now = Date.now()): Promise<SubmissionDetail> {
  const updated = await db
    .update(f)
    .set({ leadStatus: status, leadStatusBy: by, leadStatusAt: now })
    .where(eq(f.id, id))
    .returning({ id: f.id })
    .get();
  if (!updated) throw notFound("Submission not found.");
  return getSubmission(db, id);
}
