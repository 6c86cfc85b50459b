// Lists read newest first by id, a page at a time: the service reads one row more than the
// page, and that row's presence says whether another page follows.
import type { IdPage } from "./model";

export function idPage<R extends { id: number }, T>(rows: R[], limit: number, toItem: (row: R) => T): IdPage<T> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toItem), nextBefore: rows.length > limit && last ? last.id : null };
}
