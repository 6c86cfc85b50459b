// A premium claim: the month (the months the server says can be claimed), the amount paid,
// the carrier, who is covered, 1–5 files showing the payment, and the month's attestation
// on the form itself. A failed upload keeps everything for Retry; a reload keeps what was typed.
import { typedDollars } from "@src/lib/money";
import { addMonths, formatMonth } from "@src/lib/months";
import {
  type BenefitsHome,
  CLAIM_ATTESTATION,
  ClaimFields,
  type ClaimView,
  DOCUMENT_ACCEPT,
  MAX_CLAIM_FILES,
  MIN_CLAIM_FILES,
  messages,
} from "@src/modules/reimbursements/model";
import { Checkbox, FileField, SelectField, TextField } from "../../components/forms/Field";
import { inBrowserTimeZone } from "../../lib/time-zone";
import { fieldErrorsOf, filesProblem } from "./files";
import { UploadForm, uploadBody } from "./UploadForm";
import { useUploadDraft } from "./use-upload";

/**
 * The months a new claim can be for: the server's claimable ranges (each plan year's from the
 * coverage start of its own proof, the previous year's during its run-out), without months already claimed
 * or whose allowance is used up.
 */
export function monthsToClaim(home: Pick<BenefitsHome, "claimableMonths" | "usedUpMonths" | "claims">): string[] {
  // A month whose allowance is used up could only be approved for nothing: it is not offered.
  const taken = new Set([...home.claims.filter((c) => c.status !== "denied").map((c) => c.month), ...home.usedUpMonths]);
  const months: string[] = [];
  for (const range of home.claimableMonths) for (let m = range.from; m <= range.to; m = addMonths(m, 1)) if (!taken.has(m)) months.push(m);
  return months.sort();
}

interface ClaimDraft {
  month: string;
  amount: string;
  carrier: string;
  coveredPeople: string;
  attested: boolean;
  files: File[];
}

/** Where the claim being written is kept in this tab: the page opens the form again when it holds some. */
export const CLAIM_DRAFT_KEY = "claim";

const fieldOrder = ["month", "amount", "carrier", "coveredPeople", "files", "attestation"];

/** What a month not reached yet means for its claim, as the notice says it. */
const PAID_AHEAD_HINT = "A premium paid ahead can be reimbursed from that month's own allowance before the month comes.";

export function ClaimForm({
  months,
  defaults,
  onSent,
  onCancel,
}: {
  months: string[];
  /** The current month, carrier and people of the proof of coverage, to spare retyping. */
  defaults: { month: string; carrier: string; coveredPeople: string };
  onSent: (claim: ClaimView) => void;
  onCancel: () => void;
}) {
  const initial = (): ClaimDraft => ({
    month: months.includes(defaults.month) ? defaults.month : (months.filter((m) => m <= defaults.month).at(-1) ?? months[0] ?? ""),
    amount: "",
    carrier: defaults.carrier,
    coveredPeople: defaults.coveredPeople,
    attested: false,
    files: [],
  });
  const { draft, bind, bindChecked, bindFiles, noFileMessage, bindForm, check, sendDraft, discard } = useUploadDraft<ClaimDraft, ClaimView>(
    initial,
    "claim",
    (key) => (key === "attested" ? "attestation" : key),
    // The month is chosen again: the one kept may have been claimed since.
    { as: CLAIM_DRAFT_KEY, fields: ["amount", "carrier", "coveredPeople"] },
  );

  async function submit() {
    const fields = {
      month: draft.month,
      amount: typedDollars(draft.amount),
      carrier: draft.carrier.trim(),
      coveredPeople: draft.coveredPeople.trim(),
      attestation: draft.attested ? "true" : undefined,
    };
    const found: Record<string, string> = { ...(await fieldErrorsOf(ClaimFields, fields)) };
    if (!found.amount && !(Number(fields.amount) > 0)) found.amount = messages.amount;
    const fileError = filesProblem(draft.files, MIN_CLAIM_FILES, noFileMessage("files", messages.files));
    if (fileError) found.files = fileError;
    if (!check(found, fieldOrder)) return;
    await sendDraft(inBrowserTimeZone("/api/benefits/claims"), uploadBody(fields, "files", draft.files), onSent);
  }

  return (
    <UploadForm
      {...bindForm(submit)}
      submitLabel="Submit claim"
      title="Claim a month's premium"
      chooseAgain="Files are not kept: please choose your proof of payment again, check the month, and tick the confirmation again."
      onCancel={() => {
        discard();
        onCancel();
      }}
    >
      <SelectField
        {...bind("month")}
        label="Month of coverage"
        hint={draft.month > defaults.month ? PAID_AHEAD_HINT : undefined}
        required
        options={months.map((m) => [m, m > defaults.month ? `${formatMonth(m)} (paid ahead)` : formatMonth(m)] as const)}
      />
      <TextField
        {...bind("amount")}
        label="Premium you paid ($)"
        hint="Dollars and cents, like 412.50"
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={12}
      />
      <TextField {...bind("carrier")} label="Insurance company (carrier) or Marketplace" required maxLength={200} />
      <TextField {...bind("coveredPeople")} label="Who is covered" required maxLength={500} />
      <FileField
        {...bindFiles("files", MAX_CLAIM_FILES)}
        label="Proof of payment"
        hint="1 to 5 files: a receipt, invoice or statement. PDF, JPEG or PNG, at most 5 MB each. On a phone you can take a photo."
        required
        accept={DOCUMENT_ACCEPT}
      />
      <Checkbox {...bindChecked("attested")} label={CLAIM_ATTESTATION} required />
    </UploadForm>
  );
}
