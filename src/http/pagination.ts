// The server side of the pagination scheme (src/lib/pages.ts): reading `limit` and
// `cursor`, cursors for lists read newest first by id, and the answer's headers.
import { INVALID_CURSOR_MESSAGE, NEXT_CURSOR_HEADER, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from "../lib/pages";
import { badRequest } from "./errors";

/** One page of a list; `nextCursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** The number of matches, where the list is counted. */
  total?: number;
  /** The count stopped at its cap: `total` is a lower bound. */
  totalCapped?: boolean;
}

/** The page size of a query that passed its schema, or `fallback` when absent. */
export const pageLimit = (limit: string | undefined, fallback: number) => (limit ? Number(limit) : fallback);

/** A cursor the client sent that does not decode is its mistake: a 400 naming `cursor`. */
export const badCursor = () => badRequest("Please correct the highlighted fields in the query.", { cursor: INVALID_CURSOR_MESSAGE });

/** Cursors are opaque to clients: base64url of the key fields, joined by dots. */
export function encodeCursor(parts: number[]): string {
  return Buffer.from(parts.join(".")).toString("base64url");
}

/** The key fields of a cursor, checked to be `count` whole numbers; null when absent. */
export function decodeCursor(raw: string | undefined, count: number): number[] | null {
  if (!raw) return null;
  const text = Buffer.from(raw, "base64url").toString();
  const parts = text.split(".");
  if (parts.length !== count || !parts.every((p) => /^\d{1,16}$/.test(p))) throw badCursor();
  return parts.map(Number);
}

/** The id a cursor of a list read newest first by id continues below. */
export function decodeIdCursor(raw: string | undefined): number | undefined {
  const parts = decodeCursor(raw, 1);
  if (parts && parts[0]! < 1) throw badCursor();
  return parts ? parts[0] : undefined;
}

/**
 * A page of a list read newest first by id: the service reads one row more than the page,
 * and that row's presence says whether another page follows.
 */
export function idPage<R extends { id: number }, T>(rows: R[], limit: number, toItem: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor([last.id]) : null };
}

/** The page a query asks for, of a list read newest first by id (100 a page unless it says). */
export const idPageQuery = (query: { limit?: string; cursor?: string }) => ({
  limit: pageLimit(query.limit, 100),
  before: decodeIdCursor(query.cursor),
});

/** Answers a page's items, with its cursor and count in the headers. */
export function sendPage<T>(page: Page<T>, set: { headers: Record<string, unknown> }): T[] {
  if (page.total !== undefined) set.headers[TOTAL_COUNT_HEADER] = String(page.total);
  if (page.totalCapped) set.headers[TOTAL_COUNT_CAPPED_HEADER] = "true";
  if (page.nextCursor) set.headers[NEXT_CURSOR_HEADER] = page.nextCursor;
  return page.items;
}
