// The review queue's filters, kept in the address (`/admin/reviews?status=paid&kind=claim&employer=7`)
// so a reload, a shared link, back and forward all keep them.
import { ID_PATTERN } from "@src/lib/patterns";
import { type ReviewKind, type ReviewStatus, reviewKinds, reviewStatuses } from "@src/modules/reimbursements/model";
import { allowedOr, queryOf } from "./url-filters";

export interface ReviewFilters {
  status: ReviewStatus;
  kind: ReviewKind | "all";
  employer: string | null;
}

export function reviewFiltersFrom(search: string): ReviewFilters {
  const params = new URLSearchParams(search);
  const employer = params.get("employer");
  return {
    status: allowedOr(reviewStatuses, params.get("status"), "awaiting-review"),
    kind: allowedOr<ReviewFilters["kind"]>(reviewKinds, params.get("kind"), "all"),
    employer: employer && new RegExp(ID_PATTERN).test(employer) ? employer : null,
  };
}

export function reviewSearchOf(filters: ReviewFilters): string {
  return queryOf({
    status: filters.status === "awaiting-review" ? null : filters.status,
    kind: filters.kind === "all" ? null : filters.kind,
    employer: filters.employer,
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
