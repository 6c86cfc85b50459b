// The employee census upload, as the wizard's census step and the dashboard (for an employer
// who skipped that step) both offer it: the file guidelines and template, a file picked or
// dropped and checked before sending, and the rows the server refused, each by its number.

import {
  CENSUS_ACCEPT,
  CENSUS_COLUMNS,
  CENSUS_EXTENSIONS,
  CENSUS_MAX_BYTES,
  CENSUS_MAX_ROWS,
  type CensusUploadAnswer,
  NO_FILE_MESSAGE,
  TOO_LARGE_MESSAGE,
  templatePathFor,
  WRONG_TYPE_MESSAGE,
} from "@src/modules/census/model";
import { useRef, useState } from "react";
import { api, read } from "../../api/client";
import { messageOf } from "../../api/errors";
import { refocusIfLost } from "../../lib/focus-after";
import { plural } from "../../lib/plural";
import { toast } from "../toast/toast-store";

export const hasCensusExtension = (name: string) => CENSUS_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

const requiredColumns = CENSUS_COLUMNS.filter((c) => c.required).map((c) => c.header);
const optionalColumns = CENSUS_COLUMNS.filter((c) => !c.required).map((c) => c.header);

export function CensusUpload({
  enrollmentId,
  classNames,
  result,
  onUploaded,
  onUploading,
}: {
  /** Null until the enrollment exists: nothing can be sent yet. */
  enrollmentId: number | string | null;
  /** The classes a row's Class must name. */
  classNames: readonly string[];
  /** What the last upload answered, whose refused rows are listed. */
  result: CensusUploadAnswer | null;
  onUploaded: (answer: CensusUploadAnswer) => void;
  /** An upload started (true) or ended (false): a step's Continue waits for it. */
  onUploading?: (busy: boolean) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The chosen file that was refused before uploading, and why. */
  const [refused, setRefused] = useState<{ title: string; message: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);

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
    onUploading?.(true);
    try {
      const answer = await read(api.api.enrollment({ enrollmentId }).census.post({ file }));
      onUploaded(answer);
      // What the upload did is read next, where it shows (often below the window's edge): the
      // button pressed was disabled while it ran, which dropped the focus to the page.
      refocusIfLost(() => outcome.current);
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
      // The file field, which now reads out why, takes the focus the disabled button dropped.
      refocusIfLost(() => inputRef.current);
      toast({ title: "Upload Failed", description: message, variant: "destructive" });
    } finally {
      setUploading(false);
      onUploading?.(false);
    }
  }

  return (
    <>
      <details class="guidelines" open>
        <summary>File guidelines</summary>
        <ul>
          <li>
            Excel (.xls, .xlsx) or CSV (.csv), up to {CENSUS_MAX_BYTES / (1024 * 1024)} MB and {CENSUS_MAX_ROWS.toLocaleString("en-US")}{" "}
            employees.
          </li>
          <li>
            Required columns: {requiredColumns.join(", ")}. Optional: {optionalColumns.join(", ")}.
          </li>
          <li>
            Each employee's Class must match one of your employee classes
            {classNames.length > 0 ? `: ${classNames.join(", ")}` : ""}.
          </li>
          <li>
            Work ZIP is where the employee mainly works (their primary site of employment); left empty, it is your business's ZIP. Employees
            of a state or rating-area class must work there.
          </li>
          <li>
            Dates as YYYY-MM-DD, or MM/DD/YYYY with the month first (05/06/1991 is May 6, 1991); Employment Type is full-time or part-time.
          </li>
          <li>Uploading again replaces the employees from the previous upload.</li>
        </ul>
        <p>
          <a href={templatePathFor(classNames)} download>
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

      <div ref={outcome} tabIndex={-1} class="census-outcome">
        {result && result.rejected === 0 && (
          <p class="notice notice-success" role="status">
            <strong>Upload Complete</strong> — {plural(result.accepted, "employee")} saved.
          </p>
        )}
        {result && result.rejected > 0 && <RefusedRows result={result} />}
      </div>
    </>
  );
}

/** The rows a census upload left out, each with its column and what is wrong. */
function RefusedRows({ result }: { result: CensusUploadAnswer }) {
  return (
    <section class={result.accepted > 0 ? "notice notice-warning" : "notice notice-error"} aria-labelledby="census-errors-title">
      {result.accepted > 0 && (
        <p>
          <strong>Employees saved, with warnings</strong>
        </p>
      )}
      <h3 id="census-errors-title">{plural(result.rejected, "row was", "rows were")} not accepted</h3>
      <p>
        {plural(result.accepted, "employee was", "employees were")} saved. Correct the rows below and upload the file again; the new upload
        replaces the previous one.
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
  );
}
