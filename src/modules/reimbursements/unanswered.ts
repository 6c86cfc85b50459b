// A question for more information that the employee did not answer in time: the claim goes
// back to the review queue to be decided on what it has, by the day the claims procedure
// sets (29 CFR 2560.503-1(f)(4)), and the employee is told so. Run by the hourly upkeep.
import { reimbursementClaims } from "@db/schema";
import { eq } from "drizzle-orm";
import type { DB } from "../../db";
import { formatDate, todayUtc } from "../../lib/date-rules";
import { enqueueEmail } from "../outbox/service";
import { addStep } from "./claims";
import { claimUnansweredEmail } from "./emails";
import { contextOfEmployee } from "./employee";
import { answerDueDay, decisionDueDay } from "./model";
import { questionDaysIn } from "./views";

/** Sends back to review every claim whose question's days to answer ended before `today`; answers how many. */
export async function closeUnansweredQuestions(db: DB, options: { origin: string; today?: string; now?: number }): Promise<number> {
  const today = options.today ?? todayUtc();
  const now = options.now ?? Date.now();
  const waiting = await db
    .select({ id: reimbursementClaims.id, employeeId: reimbursementClaims.employeeId })
    .from(reimbursementClaims)
    .where(eq(reimbursementClaims.status, "needs-info"));
  let closed = 0;
  for (const { id, employeeId } of waiting) {
    const context = await contextOfEmployee(db, employeeId);
    // The claim and its questions are read again under the write lock: an answer, or a new
    // question, since the list was read is what decides.
    const moved = db.transaction(
      (tx) => {
        const claim = tx.select().from(reimbursementClaims).where(eq(reimbursementClaims.id, id)).get();
        if (claim?.status !== "needs-info") return false;
        const { received, questions } = questionDaysIn(tx, claim);
        const answerBy = answerDueDay(received, questions);
        if (answerBy === null || answerBy >= today) return false;
        tx.update(reimbursementClaims).set({ status: "submitted" }).where(eq(reimbursementClaims.id, id)).run();
        addStep(tx, id, "unanswered", "deadline", now, { note: `No answer by ${formatDate(answerBy)}` });
        if (context)
          enqueueEmail(
            tx,
            claimUnansweredEmail(
              { email: context.profile.email, firstName: context.profile.firstName },
              { month: claim.month, amountCents: claim.amountCents },
              { answerBy, decideBy: decisionDueDay(received, questions), origin: options.origin },
            ),
          );
        return true;
      },
      { behavior: "immediate" },
    );
    if (moved) closed++;
  }
  return closed;
}
