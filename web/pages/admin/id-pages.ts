// The enrollments and outbox lists still page by id (`before`, answered in X-Next-Before);
// issue 11 moves them to the cursor scheme every other list speaks. Until then this reads
// their next page's id as the cursor usePages follows.
import type { PageAnswer } from "../../lib/use-pages";

export function idPageAsCursorPage<T>(page: PageAnswer<T>): PageAnswer<T> {
  const next = page.headers.get("x-next-before");
  const headers = new Headers(page.headers);
  if (next !== null) headers.set("x-next-cursor", next);
  return { data: page.data, headers };
}
