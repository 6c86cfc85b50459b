import { formatUsd } from "@src/lib/money";
import { type ClaimStep, claimActionLabels } from "@src/modules/reimbursements/model";
import { shownDateTime } from "../../lib/dates";
import "./reimbursements.css";

/**
 * A claim's steps in order, each with its time, amount and note (a question, an answer, a
 * reason): the employee keeps reading why once the claim has moved on, and the reviewer
 * reads the same words with who took each step.
 */
export function ClaimHistory<S extends ClaimStep>({
  steps,
  label,
  actorOf,
}: {
  steps: readonly S[];
  label: string;
  /** Who took a step; null for one nobody took (a question's days to answer ending). */
  actorOf?: (step: S) => string | null;
}) {
  return (
    <ol class="claim-history" aria-label={label}>
      {steps.map((step, i) => (
        <li key={i}>
          {shownDateTime(step.at)}: {claimActionLabels[step.action]}
          {step.amount !== null ? ` ${formatUsd(step.amount)}` : ""}
          {actorOf?.(step) ? ` by ${actorOf(step)}` : ""}
          {step.note ? `: ${step.note}` : ""}
        </li>
      ))}
    </ol>
  );
}
