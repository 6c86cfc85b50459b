// Why a spreadsheet was refused unread. The service turns each reason into the person's
// message; the reader's process sends the reason itself back to the server.
export type SheetProblem =
  | "too-large"
  | "too-many-entries"
  | "too-many-rows"
  | "too-many-cells"
  | "cell-too-long"
  | "damaged"
  | "unreadable"
  /** Killed for time or memory, or ended without an answer. */
  | "not-read"
  /** Every reader busy and the queue full. */
  | "busy";

export class SheetRefused extends Error {
  constructor(readonly problem: SheetProblem) {
    super(problem);
  }
}
