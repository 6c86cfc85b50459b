// The review queue: proofs of coverage and premium claims, oldest first, filtered by status,
// kind and employer (all in the address), a page at a time. Each item opens its detail,
// with its documents shown inline and the decisions it can take.
import "../../styles/stacked-tables.css";
import "./reviews.css";
import { localToday } from "@src/lib/date-rules";
import { formatUsd } from "@src/lib/money";
import { formatDay, formatMonth } from "@src/lib/months";
import {
  answerDueDay,
  type ClaimStatus,
  claimStatusLabels,
  decisionDueDay,
  type ProofStatus,
  proofStatusLabels,
  questionDays,
  type ReviewEmployers,
  type ReviewItem,
  reviewStatuses,
} from "@src/modules/reimbursements/model";
import { useEffect, useRef, useState } from "react";
import { answer, api, read } from "../../api/client";
import { usePageTitle } from "../../components/chrome/page-title";
import { SelectField } from "../../components/forms/Field";
import { StatusBadge } from "../../components/status-badge/StatusBadge";
import { claimTone, proofTone } from "../../components/status-badge/tones";
import { shownDateTime } from "../../lib/dates";
import { focusLost } from "../../lib/focus-after";
import { usePages } from "../../lib/use-pages";
import { type FilterSelect, FilterSelects } from "./FilterSelects";
import { PagedTable } from "./PagedTable";
import { ReviewDetail } from "./ReviewDetail";
import { itemKey, openItem, type ReviewFilters, reviewFiltersFrom, reviewSearchOf, reviewStatusLabels } from "./review-filters";
import { useUrlFilters } from "./url-filters";

const pageSize = 50;
const kindLabels = { claim: "Claim", proof: "Proof of coverage" } as const;
const dayHere = (at: string) => localToday(new Date(at));

const waitingStatuses: readonly string[] = ["submitted", "pending", "needs-info"];

/**
 * The day an item waiting for a decision must be decided by, by the reviewer's calendar: 30
 * days from when it was sent, a claim's first question pausing the count (decisionDueDay),
 * and the day its question must be answered by while it waits; null once decided.
 */
export const decideBy = (
  item: Pick<ReviewItem, "kind" | "status" | "submittedAt" | "questions">,
): { due: string; answerBy: string | null } | null => {
  if (!waitingStatuses.includes(item.status)) return null;
  const received = dayHere(item.submittedAt);
  const questions = questionDays(item.questions, dayHere);
  return { due: decisionDueDay(received, questions), answerBy: item.status === "needs-info" ? answerDueDay(received, questions) : null };
};

/** Under when an item was sent: the day it must be decided by while it waits, and whether that has passed. */
function DecideBy({ item }: { item: ReviewItem }) {
  const day = decideBy(item);
  if (day === null) return null;
  const overdue = day.due < localToday();
  return (
    <small class={overdue ? "decide-by overdue" : "decide-by"}>
      {day.answerBy && `Answer due by ${formatDay(day.answerBy)}; `}
      {overdue ? "Overdue: decide by " : day.answerBy ? "decide by " : "Decide by "}
      {formatDay(day.due)}
    </small>
  );
}

const statusBadge = (item: ReviewItem) =>
  item.kind === "claim" ? (
    <StatusBadge tone={claimTone[item.status as ClaimStatus]}>{claimStatusLabels[item.status as ClaimStatus]}</StatusBadge>
  ) : (
    <StatusBadge tone={proofTone[item.status as ProofStatus]}>{proofStatusLabels[item.status as ProofStatus]}</StatusBadge>
  );
const filterSelects: FilterSelect<ReviewFilters>[] = [
  { name: "status", id: "review-status", label: "Status", options: reviewStatuses.map((s) => [s, reviewStatusLabels[s]]) },
  {
    name: "kind",
    id: "review-kind",
    label: "Kind",
    options: [
      ["all", "Claims and proofs"],
      ["claim", "Claims"],
      ["proof", "Proofs of coverage"],
    ],
  },
];

export function ReviewsView({ onUnauthorized, path = "/admin/reviews" }: { onUnauthorized: () => void; path?: string }) {
  usePageTitle("Reviews");
  const [filters, setFilters] = useUrlFilters(path, reviewFiltersFrom, reviewSearchOf);
  /** The item in the dialog, named by the address (a reload keeps it open, Back closes it). */
  const open = openItem(filters);
  /** Where its row was in the list: its Review button may be gone when the dialog closes. */
  const openedAt = useRef(0);
  // Closed by the browser's Back (the address changed under it): the keyboard goes back to the
  // queue as when it is closed by its own buttons, unless it is somewhere already.
  const wasOpen = useRef(open);
  /** Closed by its own buttons (or Escape): the keyboard goes back to the queue whatever held it. */
  const closedHere = useRef(false);
  useEffect(() => {
    const closed = wasOpen.current;
    wasOpen.current = open;
    if (!closed || open) return;
    const here = closedHere.current;
    closedHere.current = false;
    requestAnimationFrame(() => (here || focusLost()) && focusAfterClose(closed));
  }, [filters.open]);
  const card = useRef<HTMLElement>(null);
  const [version, setVersion] = useState(0);
  const list = usePages(
    (cursor) =>
      answer(
        api.api.admin["review-queue"].get({
          query: {
            status: filters.status,
            kind: filters.kind === "all" ? undefined : filters.kind,
            businessId: filters.employer ?? undefined,
            limit: String(pageSize),
            cursor,
          },
        }),
      ),
    [filters.status, filters.kind, filters.employer, version],
    onUnauthorized,
  );
  const rows = list.rows;
  /**
   * The browser gives the focus back to the Review button that opened the dialog, but a
   * decision may have taken its row out of the reloaded queue: the keyboard then goes on
   * from the row now in its place (or the last one), else from the heading.
   */
  function focusAfterClose(closed: { kind: ReviewItem["kind"]; id: number }) {
    const buttons = [...(card.current?.querySelectorAll<HTMLElement>(".review-open") ?? [])];
    const target =
      buttons.find((b) => b.dataset.review === itemKey(closed)) ??
      buttons[Math.min(openedAt.current, buttons.length - 1)] ??
      card.current?.querySelector<HTMLElement>("h1");
    target?.focus();
  }
  // The employer filter's choices. Without them (a failed load) the queue still works: an
  // employer's name in a row filters by it too.
  const [employers, setEmployers] = useState<ReviewEmployers>([]);
  useEffect(() => {
    read(api.api.admin["review-employers"].get()).then(setEmployers, () => {});
  }, []);
  const employerOptions = employers.map((e) => [String(e.businessId), e.name] as const);
  // An employer named by the address but with nothing to review (an old link) is still shown as chosen.
  if (filters.employer && !employerOptions.some(([id]) => id === filters.employer)) {
    const name = rows?.find((r) => String(r.employer.businessId) === filters.employer)?.employer.name;
    employerOptions.push([filters.employer, name ?? `Employer #${filters.employer}`]);
  }

  return (
    <article class="admin-reviews" ref={card}>
      <h1 tabIndex={-1}>Reviews</h1>
      <p class="muted">Proofs of coverage and premium claims, oldest first. Employers never see these; only our administrators do.</p>
      <div class="grid review-filters">
        <FilterSelects selects={filterSelects} filters={filters} setFilters={setFilters} />
        <SelectField
          id="review-employer"
          label="Employer"
          value={filters.employer ?? "all"}
          placeholder={["all", "Every employer"]}
          options={employerOptions}
          onInput={(value) => setFilters({ employer: value === "all" ? null : value })}
        />
      </div>
      {rows !== null && (
        <p role="status" class="muted">
          {list.total ? `${list.total.count}${list.total.capped ? "+" : ""} ${list.total.count === 1 ? "item" : "items"}` : ""}
        </p>
      )}
      <PagedTable
        list={list}
        words={{
          failed: "We couldn't load the review queue. Please try again.",
          loading: "Loading the review queue...",
          empty: "Nothing to review with these filters.",
        }}
        label="Items to review"
        className="stacked card-rows review-table"
        columns={["Employee", "Kind", "Employer", "For", "Status", "Sent", { hidden: "Actions" }]}
        row={(item) => (
          <tr key={itemKey(item)}>
            <th scope="row">{item.employee.name}</th>
            <td data-label="Kind">{kindLabels[item.kind]}</td>
            <td data-label="Employer">
              {filters.employer ? (
                item.employer.name
              ) : (
                <button
                  type="button"
                  class="link-button"
                  aria-label={`Only ${item.employer.name}`}
                  onClick={() => setFilters({ employer: String(item.employer.businessId) })}
                >
                  {item.employer.name}
                </button>
              )}
            </td>
            <td data-label="For">
              {item.kind === "claim"
                ? `${formatMonth(item.month ?? "")}, ${formatUsd(item.amount ?? 0)}`
                : `Coverage from ${formatDay(item.coverageStart ?? "")}`}
            </td>
            <td data-label="Status">{statusBadge(item)}</td>
            <td data-label="Sent">
              {shownDateTime(item.submittedAt)}
              <DecideBy item={item} />
            </td>
            <td>
              <button
                type="button"
                class="secondary review-open"
                aria-haspopup="dialog"
                data-review={itemKey(item)}
                aria-label={`Review the ${kindLabels[item.kind].toLowerCase()} of ${item.employee.name}${item.month ? ` for ${formatMonth(item.month)}` : ""}`}
                onClick={() => {
                  openedAt.current = rows?.indexOf(item) ?? 0;
                  setFilters({ open: itemKey(item) });
                }}
              >
                Review
              </button>
            </td>
          </tr>
        )}
      />
      {open && (
        <ReviewDetail
          key={itemKey(open)}
          kind={open.kind}
          id={open.id}
          onUnauthorized={onUnauthorized}
          onClose={() => {
            // Replaced, not added: Back after closing does not open it again (the entry it
            // replaces is the queue's, so one Back stays on the queue). The effect above gives
            // the keyboard back to the queue.
            closedHere.current = true;
            setFilters({ open: null }, { replace: true });
          }}
          onDecided={() => setVersion((v) => v + 1)}
        />
      )}
    </article>
  );
}
