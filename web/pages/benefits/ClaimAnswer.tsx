// The answer to a claim that needs more information: a note and/or more files. It sends
// the claim back to review.
import { type ClaimView, DOCUMENT_ACCEPT, MAX_CLAIM_FILES, messages } from "@src/modules/reimbursements/model";
import { useState } from "react";
import { FileField, TextArea } from "../../components/forms/Field";
import { filesProblem } from "./files";
import { UploadForm, uploadBody } from "./UploadForm";
import { usePicking, useUpload } from "./use-upload";

export function ClaimAnswer({ claim, onSent }: { claim: ClaimView; onSent: (claim: ClaimView) => void }) {
  const [note, setNote] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const picking = usePicking();
  const [error, setError] = useState<{ note?: string; files?: string }>({});
  const { state, send, stop } = useUpload<ClaimView>();
  const serverErrors = state.status === "failed" ? state.fieldErrors : {};
  const id = `answer-${claim.id}`;

  async function submit() {
    const found: { note?: string; files?: string } = {};
    if (!note.trim() && files.length === 0) found.note = messages.answerNeeded;
    else if (note.length > 5000) found.note = messages.note;
    const fileError = files.length ? filesProblem(files, 0, messages.files) : undefined;
    if (fileError) found.files = fileError;
    setError(found);
    if (found.note || found.files) {
      document.getElementById(found.note ? `${id}-note` : `${id}-files`)?.focus();
      return;
    }
    const answered = await send(`/api/benefits/claims/${claim.id}/info`, uploadBody({ note: note.trim() || undefined }, "files", files));
    if (answered) onSent(answered);
  }

  return (
    <UploadForm
      id={id}
      state={state}
      onSubmit={submit}
      onStop={stop}
      submitLabel="Send answer"
      label="Answer our question"
      className="claim-answer"
    >
      <TextArea
        id={`${id}-note`}
        name="note"
        label="Your answer"
        maxLength={5000}
        value={note}
        error={error.note ?? serverErrors.note}
        onInput={(v) => {
          setNote(v);
          setError({});
        }}
      />
      <FileField
        id={`${id}-files`}
        name="files"
        label="More files (optional)"
        hint="PDF, JPEG or PNG, at most 5 MB each."
        accept={DOCUMENT_ACCEPT}
        max={MAX_CLAIM_FILES}
        files={files}
        error={error.files ?? serverErrors.files}
        preparing={picking.preparing}
        onInput={(picked) =>
          picking.pick(picked, MAX_CLAIM_FILES, (kept, problem) => {
            setFiles(kept);
            setError(problem ? { files: problem } : {});
          })
        }
      />
    </UploadForm>
  );
}
