// A question for more information that the employee did not answer in time: the claim goes
// back to the review queue to be decided on what it has, by the day the claims procedure
// sets (29 CFR 2560.503-1(f)(4)), and the employee is told so. Run by the hourly upkeep.
import { claimHistory, reimbursementClaims } from "@db/schema";
import { and, eq } from "drizzle-orm";
import type { DB } from "../../db";
import { formatDate, todayUtc } from "../../lib/date-rules";
import { enqueueEmail } from "../outbox/service";
import { claimUnansweredEmail } from "./emails";
import { contextOfEmployee } from "./employee";
import { answerDueDay, decisionDueDay, questionDays, questionsOf } from "./model";
import { historyOf } from "./views";

const utcDay = (at: number) => todayUtc(new Date(at));

/** Sends back to review every claim whose question's days to answer ended before `today`; answers how many. */
export async function closeUnansweredQuestions(db: DB, options: { origin: string; today?: string; now?: number }): Promise<number> {
  const today = options.today ?? todayUtc();
  const now = options.now ?? Date.now();
  const waiting = await db.select().from(reimbursementClaims).where(eq(reimbursementClaims.status, "needs-info"));
  const histories = await historyOf(
    db,
    waiting.map((c) => c.id),
  );
  let closed = 0;
  for (const claim of waiting) {
    const received = utcDay(claim.createdAt);
    const questions = questionDays(questionsOf(histories.get(claim.id) ?? []), utcDay);
    const answerBy = answerDueDay(received, questions);
    if (answerBy === null || answerBy >= today) continue;
    const context = await contextOfEmployee(db, claim.employeeId);
    const moved = db.transaction((tx) => {
      // An answer sent since the list was read keeps its claim as the answer left it.
      const row = tx
        .update(reimbursementClaims)
        .set({ status: "submitted" })
        .where(and(eq(reimbursementClaims.id, claim.id), eq(reimbursementClaims.status, "needs-info")))
        .returning({ id: reimbursementClaims.id })
        .get();
      if (!row) return false;
      tx.insert(claimHistory)
        .values({
          claimId: claim.id,
          action: "unanswered",
          actor: "deadline",
          at: now,
          note: `No answer by ${formatDate(answerBy)}`,
          amountCents: null,
        })
        .run();
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
    });
    if (moved) closed++;
  }
  return closed;
}
