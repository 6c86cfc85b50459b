// Step 4: upload the employee census (CSV, XLS or XLSX), see each bad row by its row
// number, upload again to replace it, or skip for now.

import { NOT_UPLOADED_MESSAGE } from "@src/modules/census/model";
import { useState } from "react";
import { api, read } from "../../api/client";
import { messageOf } from "../../api/errors";
import { CensusUpload } from "../../components/census/CensusUpload";
import { refusedRows } from "../../components/census/refused-rows";
import { StepActions } from "../../components/forms/Field";
import { toast } from "../../components/toast/toast-store";
import { plural } from "../../lib/plural";
import { wizard } from "../../state/enrollment";
import { goNext, previousStep } from "./navigation";

export function CensusStep() {
  const [skipping, setSkipping] = useState(false);
  // Continuing while a file is still uploading would leave the step before its answer: it waits.
  const [uploading, setUploading] = useState(false);
  const enrollmentId = wizard.enrollmentId.value;
  const count = wizard.censusCount.value;
  const rejected = wizard.censusRejected.value;
  // The last upload's answer, kept through a reload, while its employees are the ones on file:
  // after an upload elsewhere (the dashboard, another browser) its row errors are no longer true.
  const kept = wizard.census.value;
  // One that accepted no row changed nothing on file, and says only what was wrong with its file.
  const result = kept && (kept.accepted === 0 || kept.accepted === count) ? kept : null;

  async function skip() {
    if (!enrollmentId) return;
    setSkipping(true);
    try {
      await read(api.api.enrollment({ enrollmentId }).census.skip.put());
      wizard.censusSkipped.value = true;
      toast({
        title: "Step Skipped",
        description:
          "You can upload your employee census later from your dashboard. Your employees can be invited to register once it is uploaded.",
      });
      goNext();
    } catch (error) {
      toast({ title: "Skip Failed", description: messageOf(error, "Please try again."), variant: "destructive" });
    } finally {
      setSkipping(false);
    }
  }

  function submit(event: Event) {
    event.preventDefault();
    if (!count && !wizard.censusSkipped.value) {
      toast({ title: "Census Required", description: NOT_UPLOADED_MESSAGE, variant: "destructive" });
      return;
    }
    goNext();
  }

  return (
    <div>
      <h2 tabIndex={-1}>Employee Census</h2>
      <p>Upload a list of the employees who will be offered the ICHRA. Each employee receives a personal registration link.</p>

      <CensusUpload
        enrollmentId={enrollmentId}
        classNames={wizard.classes.value.map((c) => c.name)}
        result={result}
        onUploading={setUploading}
        onUploaded={(answer) => {
          wizard.census.value = answer;
          // A file with no valid row leaves the census on file as it was (and the skip with it).
          if (answer.accepted === 0) return;
          wizard.censusCount.value = answer.accepted;
          wizard.censusRejected.value = answer.rejected;
          wizard.censusSkipped.value = false;
        }}
      />

      {!result && count !== null && count > 0 && (
        <p class={`notice ${rejected ? "notice-warning" : "notice-success"}`} role="status">
          {plural(count, "employee is", "employees are")} on file for this enrollment.{" "}
          {rejected
            ? `${refusedRows(rejected, "the last file")} not on it: correct the file and upload it again to replace them.`
            : "Upload again to replace them."}
        </p>
      )}
      {wizard.censusSkipped.value && !count && (
        <p class="notice" role="status">
          You skipped the census for now. You can still upload it here.
        </p>
      )}

      <form onSubmit={submit} noValidate>
        {/* With employees on file there is nothing to skip: Continue goes on with them. */}
        {!count && (
          <p>
            <button
              type="button"
              class="secondary outline"
              onClick={skip}
              disabled={skipping || uploading || !enrollmentId}
              aria-busy={skipping ? "true" : undefined}
            >
              {skipping ? "Skipping..." : "Skip for now"}
            </button>
          </p>
        )}
        <StepActions back={previousStep()} label="Continue to Next Step" pending={uploading} pendingLabel="Waiting for the upload..." />
      </form>
    </div>
  );
}
