import { formatUsd } from "@src/lib/money";
import { formatMonth } from "@src/lib/months";
import type { Ledger } from "@src/modules/reimbursements/model";
import { useState } from "react";
import { shownDay } from "../../lib/dates";
import { useLoad } from "../../lib/use-load";
import { RetryNotice } from "../notice/Alerts";
import { ScrollTable } from "../table/ScrollTable";
import "./reimbursements.css";

type LedgerEvent = Ledger["events"][number];

/** What an entry of the ledger was, in words. */
function entryText(event: LedgerEvent): string {
  const month = formatMonth(event.month);
  switch (event.kind) {
    case "allowance":
      return `Allowance for ${month}`;
    case "approval":
      return `Claim for ${month} approved`;
    case "reversal":
      return `Approval of the claim for ${month} withdrawn`;
    case "payment":
      return `Claim for ${month}: ${formatUsd(-event.unpaid)} paid through payroll`;
    case "lapse":
      return `Allowance for ${month} withdrawn: the allowance ended before it`;
    case "restore":
      return `Allowance for ${month} given back: the allowance no longer ends before it`;
  }
}

/** An entry's effect on the balance, signed; a payment leaves it as the approval left it. */
function changeText(amount: number): string {
  if (amount === 0) return "—";
  return amount > 0 ? `+${formatUsd(amount)}` : `\u2212${formatUsd(-amount)}`;
}

/**
 * A plan year's ledger as a statement, in the order it was written: each allowance,
 * approval, withdrawal and payment with the balance after it, so the balance shown
 * elsewhere can be followed to the cent. Read when it is first opened.
 */
export function LedgerStatement({ summary, label, load }: { summary: string; label: string; load: () => Promise<Ledger> }) {
  const [opened, setOpened] = useState(false);
  const [ledger, reload] = useLoad(opened ? load : null, [opened]);
  return (
    <details class="ledger-statement" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {ledger.status === "loading" && <p aria-busy="true">Loading the statement...</p>}
      {ledger.status === "error" && <RetryNotice message="The statement could not be loaded. Please try again." onRetry={reload} />}
      {ledger.status === "ready" && <Statement ledger={ledger.value} label={label} />}
    </details>
  );
}

/** `label` names the table's region: a page with two statements (this plan year and the last) names each. */
function Statement({ ledger, label }: { ledger: Ledger; label: string }) {
  const { totals } = ledger;
  return (
    <>
      <p class="muted">
        Allowances {formatUsd(totals.allowances)}, approved {formatUsd(totals.approvals - totals.reversals)}, paid{" "}
        {formatUsd(totals.payments)}; balance {formatUsd(totals.balance)}.
      </p>
      {ledger.events.length === 0 ? (
        <p>Nothing yet: the first allowance is written when its month begins.</p>
      ) : (
        <ScrollTable label={label} className="striped stacked ledger-table" columns={["Date", "Entry", "Change", "Balance"]}>
          {ledger.events.map((event) => (
            <tr key={event.id}>
              <td data-label="Date">{shownDay(event.at)}</td>
              <td data-label="Entry">{entryText(event)}</td>
              <td data-label="Change" class="num">
                {changeText(event.amount)}
              </td>
              <td data-label="Balance" class="num">
                {formatUsd(event.balance)}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </>
  );
}
