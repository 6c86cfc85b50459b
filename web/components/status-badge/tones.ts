// The colour of each status: blue waits on us, yellow on someone else, green is done well,
// red is refused, gray has not started. An enrollment's badges take the spec's three styles:
// brand (filled), gray and outline.
import type { ClaimStatus, ProofStatus } from "@src/modules/reimbursements/model";

export type Tone = "yellow" | "blue" | "purple" | "indigo" | "green" | "teal" | "gray" | "red" | "brand" | "outline";

export const claimTone: Record<ClaimStatus, Tone> = {
  submitted: "blue",
  "needs-info": "yellow",
  approved: "green",
  "partially-approved": "teal",
  denied: "red",
  paid: "indigo",
};

export const proofTone: Record<ProofStatus, Tone> = { pending: "blue", approved: "green", rejected: "red" };
