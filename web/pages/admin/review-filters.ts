// The review queue's filters, kept in the address (`/admin/reviews?status=paid&kind=claim&employer=7`)
// so a reload, a shared link, back and forward all keep them.
import { type ReviewKind, type ReviewStatus, reviewKinds, reviewStatuses } from "@src/modules/reimbursements/model";

export interface ReviewFilters {
  status: ReviewStatus;
  kind: ReviewKind | "all";
  employer: string | null;
}

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function reviewFiltersFrom(search: string): ReviewFilters {
  const params = new URLSearchParams(search);
  const employer = params.get("employer");
  return {
    status: pick(reviewStatuses, params.get("status"), "awaiting-review"),
    kind: pick<ReviewFilters["kind"]>(reviewKinds, params.get("kind"), "all"),
    employer: employer && /^[1-9][0-9]{0,14}$/.test(employer) ? employer : null,
  };
}

export function reviewSearchOf(filters: ReviewFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "awaiting-review") params.set("status", filters.status);
  if (filters.kind !== "all") params.set("kind", filters.kind);
  if (filters.employer) params.set("employer", filters.employer);
  const text = params.toString();
  return text ? `?${text}` : "";
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
