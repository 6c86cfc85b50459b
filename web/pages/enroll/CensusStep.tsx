// Step 4: upload the employee census (CSV, XLS or XLSX), see each bad row by its row
// number, upload again to replace it, or skip for now.

import {
  CENSUS_ACCEPT,
  CENSUS_COLUMNS,
  CENSUS_EXTENSIONS,
  CENSUS_MAX_BYTES,
  CENSUS_MAX_ROWS,
  NO_FILE_MESSAGE,
  NOT_UPLOADED_MESSAGE,
  TEMPLATE_PATH,
  TOO_LARGE_MESSAGE,
  WRONG_TYPE_MESSAGE,
} from "@src/modules/census/model";
import { useRef, useState } from "react";
import { api, read } from "../../api/client";
import { messageOf } from "../../api/errors";
import { StepActions } from "../../components/forms/Field";
import { toast } from "../../components/toast/toast-store";
import { plural } from "../../lib/plural";
import { wizard } from "../../state/enrollment";
import { goNext, previousStep } from "./navigation";

export const hasCensusExtension = (name: string) => CENSUS_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

export function CensusStep() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The chosen file that was refused before uploading, and why. */
  const [refused, setRefused] = useState<{ title: string; message: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const enrollmentId = wizard.enrollmentId.value;
  const result = wizard.census.value;
  const count = wizard.censusCount.value;

  function refuse(title: string, message: string) {
    setRefused({ title, message });
    setFileError(message);
    toast({ title, description: message, variant: "destructive" });
  }

  function pick(next: File | null) {
    setFile(null);
    if (!next) return;
    if (!hasCensusExtension(next.name)) return refuse("Invalid File", WRONG_TYPE_MESSAGE);
    // The server refuses bodies past its cap with a bare 413 before our route sees them;
    // saying so here gives the person the spec's message instead.
    if (next.size > CENSUS_MAX_BYTES) return refuse("File Too Large", TOO_LARGE_MESSAGE);
    setRefused(null);
    setFileError(null);
    setFile(next);
  }

  async function upload() {
    if (!file) {
      // A file was chosen but refused (wrong type, too large): its message still holds, and
      // "select a file" would read as if the choice had been lost.
      if (refused) {
        toast({ title: refused.title, description: refused.message, variant: "destructive" });
        return;
      }
      setFileError(NO_FILE_MESSAGE);
      toast({ title: "No File Selected", description: NO_FILE_MESSAGE, variant: "destructive" });
      return;
    }
    if (!enrollmentId) return;
    setUploading(true);
    try {
      const answer = await read(api.api.enrollment({ enrollmentId }).census.post({ file }));
      wizard.census.value = answer;
      wizard.censusCount.value = answer.accepted;
      wizard.censusSkipped.value = false;
      if (answer.rejected === 0) {
        toast({ title: "Census Uploaded", description: `${plural(answer.accepted, "employee")} added to your enrollment.` });
        setFile(null);
        if (inputRef.current) inputRef.current.value = "";
      } else if (answer.accepted > 0) {
        // Partly accepted: the saved employees are a success; the rows left out are warnings to correct.
        toast({
          title: "Census Uploaded with Warnings",
          description: `${plural(answer.accepted, "employee")} added; ${plural(answer.rejected, "row needs", "rows need")} correcting.`,
        });
      } else {
        toast({
          title: "No Employees Saved",
          description: `None of the rows could be accepted; ${plural(answer.rejected, "row needs", "rows need")} correcting.`,
          variant: "destructive",
        });
      }
    } catch (error) {
      const message = messageOf(error, "The upload failed. Please try again.");
      setFileError(message);
      toast({ title: "Upload Failed", description: message, variant: "destructive" });
    } finally {
      setUploading(false);
    }
  }

  async function skip() {
    if (!enrollmentId) return;
    setSkipping(true);
    try {
      await read(api.api.enrollment({ enrollmentId }).census.skip.put());
      wizard.censusSkipped.value = true;
      toast({
        title: "Step Skipped",
        description: "You can upload your employee census later. Employees receive registration links once it is uploaded.",
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

      <details class="guidelines" open>
        <summary>File guidelines</summary>
        <ul>
          <li>
            Excel (.xls, .xlsx) or CSV (.csv), up to {CENSUS_MAX_BYTES / (1024 * 1024)} MB and {CENSUS_MAX_ROWS.toLocaleString("en-US")}{" "}
            employees.
          </li>
          <li>
            Required columns:{" "}
            {CENSUS_COLUMNS.filter((c) => c.required)
              .map((c) => c.header)
              .join(", ")}
            . Optional:{" "}
            {CENSUS_COLUMNS.filter((c) => !c.required)
              .map((c) => c.header)
              .join(", ")}
            .
          </li>
          <li>Each employee's Class must match one of the classes you defined in the previous step.</li>
          <li>
            Work ZIP is where the employee mainly works (their primary site of employment); left empty, it is your business's ZIP. Employees
            of a state or rating-area class must work there.
          </li>
          <li>Dates as YYYY-MM-DD; Employment Type is full-time or part-time.</li>
          <li>Uploading again replaces the employees from the previous upload.</li>
        </ul>
        <p>
          <a href={TEMPLATE_PATH} download>
            Download the census template (CSV)
          </a>
        </p>
      </details>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the file input inside is the keyboard path */}
      <div
        class={dragging ? "drop-zone dragging" : "drop-zone"}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          pick(e.dataTransfer?.files?.[0] ?? null);
        }}
      >
        <label htmlFor="census-file">Drag and drop your census file here, or select it</label>
        <input
          ref={inputRef}
          id="census-file"
          type="file"
          accept={CENSUS_ACCEPT}
          aria-invalid={fileError ? "true" : undefined}
          aria-describedby={fileError ? "census-file-error" : undefined}
          onChange={(e) => pick((e.currentTarget as HTMLInputElement).files?.[0] ?? null)}
        />
        {file && <p class="selected-file">Selected: {file.name}</p>}
        {fileError && (
          <small id="census-file-error" class="field-error">
            {fileError}
          </small>
        )}
        <button type="button" onClick={upload} disabled={uploading || !enrollmentId} aria-busy={uploading ? "true" : undefined}>
          {uploading ? "Uploading..." : "Upload File"}
        </button>
      </div>

      {result && result.rejected === 0 && (
        <p class="notice notice-success" role="status">
          <strong>Upload Complete</strong> — {plural(result.accepted, "employee")} saved.
        </p>
      )}
      {!result && count !== null && count > 0 && (
        <p class="notice notice-success" role="status">
          {plural(count, "employee is", "employees are")} on file for this enrollment. Upload again to replace them.
        </p>
      )}
      {wizard.censusSkipped.value && !count && (
        <p class="notice" role="status">
          You skipped the census for now. You can still upload it here.
        </p>
      )}
      {result && result.rejected > 0 && (
        <section class={result.accepted > 0 ? "notice notice-warning" : "notice notice-error"} aria-labelledby="census-errors-title">
          {result.accepted > 0 && (
            <p>
              <strong>Employees saved, with warnings</strong>
            </p>
          )}
          <h3 id="census-errors-title">{plural(result.rejected, "row was", "rows were")} not accepted</h3>
          <p>
            {plural(result.accepted, "employee was", "employees were")} saved. Correct the rows below and upload the file again; the new
            upload replaces the previous one.
          </p>
          {result.errors.length > 0 && new Set(result.errors.map((e) => e.row)).size < result.rejected && (
            <p>Showing the first {result.errors.length.toLocaleString("en-US")} problems.</p>
          )}
          <div class="table-scroll" role="region" aria-label="Rows with errors" tabIndex={0}>
            <table class="census-errors">
              <caption class="visually-hidden">Rows with errors</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((e, i) => (
                  <tr key={`${e.row}-${e.field}-${i}`}>
                    <td>Row {e.row}</td>
                    <td>{e.field}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <form onSubmit={submit} noValidate>
        <p>
          <button
            type="button"
            class="secondary outline"
            onClick={skip}
            disabled={skipping || !enrollmentId}
            aria-busy={skipping ? "true" : undefined}
          >
            {skipping ? "Skipping..." : "Skip for now"}
          </button>
        </p>
        <StepActions back={previousStep()} label="Continue to Next Step" />
      </form>
    </div>
  );
}
