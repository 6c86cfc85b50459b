// The review queue's filters, kept in the address (`/admin/reviews?status=paid&kind=claim&employer=7`)
// so a reload, a shared link, back and forward all keep them.
import { ID_PATTERN } from "@src/lib/patterns";
import { type ReviewKind, type ReviewStatus, reviewKinds, reviewStatuses } from "@src/modules/reimbursements/model";
import { allowedOr, queryOf } from "./url-filters";

export interface ReviewFilters {
  status: ReviewStatus;
  kind: ReviewKind | "all";
  employer: string | null;
  /** The item whose dialog is open ("claim-21"): a reload keeps it open, and Back closes it. */
  open: string | null;
}

/** How an item is named in the address and in the queue's rows: "claim-21", "proof-3". */
export const itemKey = (item: { kind: ReviewKind; id: number }) => `${item.kind}-${item.id}`;

const OPEN_ITEM = new RegExp(`^(${reviewKinds.join("|")})-${ID_PATTERN.slice(1, -1)}$`);

/** The kind and id of the item an address names as open, or null. */
export function openItem(filters: Pick<ReviewFilters, "open">): { kind: ReviewKind; id: number } | null {
  if (!filters.open) return null;
  const [kind, id] = filters.open.split("-");
  return { kind: kind as ReviewKind, id: Number(id) };
}

export function reviewFiltersFrom(search: string): ReviewFilters {
  const params = new URLSearchParams(search);
  const employer = params.get("employer");
  return {
    status: allowedOr(reviewStatuses, params.get("status"), "awaiting-review"),
    kind: allowedOr<ReviewFilters["kind"]>(reviewKinds, params.get("kind"), "all"),
    employer: employer && new RegExp(ID_PATTERN).test(employer) ? employer : null,
    open: OPEN_ITEM.test(params.get("open") ?? "") ? params.get("open") : null,
  };
}

export function reviewSearchOf(filters: ReviewFilters): string {
  return queryOf({
    status: filters.status === "awaiting-review" ? null : filters.status,
    kind: filters.kind === "all" ? null : filters.kind,
    employer: filters.employer,
    open: filters.open,
  });
}

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  "awaiting-review": "Waiting for review",
  submitted: "Claims: submitted",
  "needs-info": "Claims: needs info",
  approved: "Approved",
  "partially-approved": "Claims: partially approved",
  denied: "Claims: denied",
  paid: "Claims: paid",
  pending: "Proofs: pending",
  rejected: "Proofs: not accepted",
};
