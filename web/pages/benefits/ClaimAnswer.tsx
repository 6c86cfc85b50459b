// The answer to a claim that needs more information: a note and/or more files. It sends
// the claim back to review. The note is kept in the tab until it is sent (web/lib/kept-drafts.ts).
import { formatMonth } from "@src/lib/months";
import { type ClaimView, DOCUMENT_ACCEPT, MAX_CLAIM_FILES, messages } from "@src/modules/reimbursements/model";
import { FileField, TextArea } from "../../components/forms/Field";
import { filesProblem } from "./files";
import { UploadForm, uploadBody } from "./UploadForm";
import { useUploadDraft } from "./use-upload";

interface AnswerDraft {
  note: string;
  files: File[];
}

const emptyAnswer = (): AnswerDraft => ({ note: "", files: [] });

export function ClaimAnswer({ claim, onSent }: { claim: ClaimView; onSent: (claim: ClaimView) => void }) {
  const id = `answer-${claim.id}`;
  const { draft, bind, bindFiles, takeRefusedPick, bindForm, check, sendDraft } = useUploadDraft<AnswerDraft, ClaimView>(
    emptyAnswer,
    id,
    undefined,
    {
      as: `claim-answer-${claim.id}`,
      fields: ["note"],
    },
  );

  async function submit() {
    const found: Record<string, string> = {};
    if (!draft.note.trim() && draft.files.length === 0) found.note = messages.answerNeeded;
    else if (draft.note.length > 5000) found.note = messages.note;
    const fileError = draft.files.length ? filesProblem(draft.files, 0, messages.files) : undefined;
    if (fileError) found.files = fileError;
    // A file chosen and refused is not sent without a word: the answer goes without it only when asked again.
    const refused = found.note ? undefined : takeRefusedPick("files");
    if (refused) found.files = messages.answerWithoutRefusedFile(refused);
    if (!check(found, ["note", "files"])) return;
    await sendDraft(
      `/api/benefits/claims/${claim.id}/info`,
      uploadBody({ note: draft.note.trim() || undefined }, "files", draft.files),
      onSent,
    );
  }

  return (
    <UploadForm
      {...bindForm(submit)}
      submitLabel="Send answer"
      // Named by its month: two claims waiting for answers are two forms a screen reader tells apart.
      label={`Answer our question about ${formatMonth(claim.month)}`}
      className="claim-answer"
      chooseAgain="Files are not kept: if you meant to send some, please choose them again."
    >
      <TextArea {...bind("note")} label="Your answer" maxLength={5000} />
      <FileField
        {...bindFiles("files", MAX_CLAIM_FILES)}
        label="More files (optional)"
        hint="PDF, JPEG or PNG, at most 5 MB each."
        accept={DOCUMENT_ACCEPT}
      />
    </UploadForm>
  );
}
