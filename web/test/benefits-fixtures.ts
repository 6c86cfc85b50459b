// A signed-in employee's /benefits answer, as GET /api/benefits sends it, for component tests.
import type { BenefitsHome, ClaimView, ProofView } from "@src/modules/reimbursements/model";

export const proofFixture = (overrides: Partial<ProofView> = {}): ProofView => ({
  id: 3,
  planYearStart: "2027-01-01",
  planYearEnd: "2027-12-31",
  status: "approved",
  carrier: "Blue Cross Blue Shield of Texas",
  coverageStart: "2027-01-01",
  coveredPeople: "Me and my spouse",
  reason: null,
  submittedAt: "2027-01-04T15:00:00.000Z",
  decidedAt: "2027-01-05T15:00:00.000Z",
  documents: [{ id: 11, fileName: "policy.pdf", mediaType: "application/pdf", size: 20_480, uploadedAt: "2027-01-04T15:00:00.000Z" }],
  ...overrides,
});

export const claimFixture = (overrides: Partial<ClaimView> = {}): ClaimView => ({
  id: 21,
  month: "2027-02",
  planYearStart: "2027-01-01",
  amount: 412.5,
  approvedAmount: null,
  status: "submitted",
  carrier: "Blue Cross Blue Shield of Texas",
  coveredPeople: "Me and my spouse",
  reason: null,
  submittedAt: "2027-02-03T15:00:00.000Z",
  decidedAt: null,
  paidAt: null,
  documents: [{ id: 12, fileName: "receipt-feb.pdf", mediaType: "application/pdf", size: 9_000, uploadedAt: "2027-02-03T15:00:00.000Z" }],
  history: [{ action: "submitted", note: null, amount: 412.5, at: "2027-02-03T15:00:00.000Z" }],
  ...overrides,
});

export const homeFixture = (overrides: Partial<BenefitsHome> = {}): BenefitsHome => ({
  employee: { id: 5, firstName: "Maria", lastName: "Lopez", email: "maria@example.com" },
  employer: { businessId: 2, name: "Acme Tools" },
  enrollmentId: 4,
  className: "Full-time",
  carryOver: true,
  today: "2027-03-10",
  month: "2027-03",
  planYear: { start: "2027-01-01", end: "2027-12-31" },
  eligibleFrom: "2027-01",
  employmentEndedOn: null,
  allowanceEnded: null,
  optedOut: null,
  optOutFrom: "2027-04",
  contact: { email: "hello@advantage-ichra.example", phone: "1-800-555-0199" },
  allowance: 500,
  firstAllowance: null,
  balance: 1087.5,
  available: 1087.5,
  approvedUnpaid: 0,
  paid: 0,
  // No proof of coverage sent: no month can be claimed yet.
  claimableMonths: [],
  usedUpMonths: [],
  proof: null,
  lastYear: null,
  nextYear: null,
  claims: [],
  nextStep: {
    code: "prove-coverage",
    message:
      "Send proof of your individual health coverage for this plan year: a document from your insurance company or the Marketplace, or for Medicare your Medicare card.",
  },
  ...overrides,
});
