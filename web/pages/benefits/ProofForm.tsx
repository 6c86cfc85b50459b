// Proof of coverage: the carrier, the coverage start, who is covered, the document (a PDF or
// a photo from the phone's camera) and the signed attestation. What was typed and chosen
// stays through a failed upload, which can be sent again with Retry, and what was typed
// through a reload. A new proof after one that was not accepted starts from what that one said.
import { DOCUMENT_ACCEPT, messages, PROOF_ATTESTATION, ProofFields, type ProofView } from "@src/modules/reimbursements/model";
import { Checkbox, FileField, TextField } from "../../components/forms/Field";
import { formatDay } from "../../lib/dates";
import { inBrowserTimeZone } from "../../lib/time-zone";
import { fieldErrorsOf, filesProblem } from "./files";
import { UploadForm, uploadBody } from "./UploadForm";
import { useUploadDraft } from "./use-upload";

interface ProofDraft {
  carrier: string;
  coverageStart: string;
  coveredPeople: string;
  attested: boolean;
  files: File[];
}

/** What the form starts with: empty, or what the proof not accepted said (never its file nor its attestation). */
const startFrom = (previous: Pick<ProofView, "carrier" | "coverageStart" | "coveredPeople"> | undefined): ProofDraft => ({
  carrier: previous?.carrier ?? "",
  coverageStart: previous?.coverageStart ?? "",
  coveredPeople: previous?.coveredPeople ?? "",
  attested: false,
  files: [],
});

/**
 * `planYearStart` names the plan year the proof is for (sent with it, so a policy kept from
 * before proves that year); `idPrefix` keeps two forms apart on one page (during the run-out
 * the year that ended has its own); `previous` is the proof not accepted, whose carrier,
 * coverage start and covered people the new one starts from.
 */
export function ProofForm({
  planYearStart,
  idPrefix = "proof",
  title = "Send your proof of coverage",
  previous,
  onSent,
}: {
  planYearStart: string;
  idPrefix?: string;
  title?: string;
  previous?: ProofView;
  onSent: (proof: ProofView) => void;
}) {
  const { draft, bind, bindChecked, bindFiles, noFileMessage, bindForm, check, sendDraft } = useUploadDraft<ProofDraft, ProofView>(
    () => startFrom(previous),
    idPrefix,
    (key) => (key === "attested" ? "attestation" : key === "files" ? "file" : key),
    { as: `proof-${planYearStart}`, fields: ["carrier", "coverageStart", "coveredPeople"] },
  );

  async function submit() {
    const fields = {
      planYearStart,
      carrier: draft.carrier.trim(),
      coverageStart: draft.coverageStart,
      coveredPeople: draft.coveredPeople.trim(),
      attestation: draft.attested ? "true" : undefined,
    };
    const found = { ...(await fieldErrorsOf(ProofFields, fields)) };
    const fileError = filesProblem(draft.files, 1, noFileMessage("files", messages.file));
    if (fileError) found.file = fileError;
    if (!check(found, ["carrier", "coverageStart", "coveredPeople", "file", "attestation"])) return;
    await sendDraft(inBrowserTimeZone("/api/benefits/coverage-proof"), uploadBody(fields, "file", draft.files), onSent);
  }

  return (
    <UploadForm
      {...bindForm(submit)}
      submitLabel="Send proof of coverage"
      title={title}
      chooseAgain="Files are not kept: please choose your document again, and tick the confirmation again."
      intro={
        <>
          <p class="muted">
            A document from your insurance company or the Marketplace showing your individual health coverage for the plan year starting{" "}
            {formatDay(planYearStart)}, or for Medicare your Medicare card: a PDF, or a photo of it.
          </p>
          {previous && (
            <p>The fields below start from the proof that was not accepted: correct what was wrong, and choose the new document.</p>
          )}
        </>
      }
    >
      <TextField {...bind("carrier")} label="Insurance company (carrier) or Marketplace" required autoComplete="off" maxLength={200} />
      <TextField {...bind("coverageStart")} label="Coverage start date" type="date" required />
      <TextField {...bind("coveredPeople")} label="Who is covered" hint="For example: me, or me and my spouse" required maxLength={500} />
      <FileField
        {...bindFiles("files", 1)}
        label="Document"
        hint="PDF, JPEG or PNG, at most 5 MB. On a phone you can take a photo."
        required
        accept={DOCUMENT_ACCEPT}
      />
      <Checkbox {...bindChecked("attested")} label={PROOF_ATTESTATION} required />
    </UploadForm>
  );
}
