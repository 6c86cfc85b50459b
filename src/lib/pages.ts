// The one pagination scheme of every paged list: the query takes `limit` (1 to 500) and
// `cursor` (opaque, from the previous answer); an answer carries X-Next-Cursor when a next
// page exists, and X-Total-Count where the list is counted.
import { Type } from "@sinclair/typebox";

export const NEXT_CURSOR_HEADER = "x-next-cursor";
export const TOTAL_COUNT_HEADER = "x-total-count";
/** A count that stopped at its cap: X-Total-Count is then a lower bound. */
export const TOTAL_COUNT_CAPPED_HEADER = "x-total-count-capped";

export const MAX_PAGE_SIZE = 500;
export const INVALID_LIMIT_MESSAGE = "A whole number from 1 to 500";
export const INVALID_CURSOR_MESSAGE = "Not a valid cursor";

/** A page size: 1 to 500, written plainly (anything else is a 400, never quietly clamped). */
export const PageLimit = Type.String({
  pattern: "^(?:[1-9]|[1-9][0-9]|[1-4][0-9]{2}|500)$",
  messages: { pattern: INVALID_LIMIT_MESSAGE },
});

/** Where the next page starts, as the previous answer's X-Next-Cursor gave it. */
export const PageCursor = Type.String({ maxLength: 100, messages: { maxLength: INVALID_CURSOR_MESSAGE } });

export const PageQuery = Type.Object({
  limit: Type.Optional(PageLimit),
  cursor: Type.Optional(PageCursor),
});
