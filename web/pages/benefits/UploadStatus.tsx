// An upload's progress while it is sent, with a way to stop it, and its failure after, with
// Retry when sending the same form again may work.
import type { UploadState } from "./use-upload";

export function UploadStatus({ id, state, onRetry, onStop }: { id: string; state: UploadState; onRetry: () => void; onStop: () => void }) {
  if (state.status === "sending") {
    const percent = Math.round(state.progress * 100);
    return (
      // Keyed apart from the failure below: reusing this box and its Stop button for the failure's
      // Retry would fade the outline button into the filled one, unreadable while it does.
      // Focused as the upload starts (UploadForm), so the keyboard is not left on the page.
      <div key="progress" class="upload-progress" id={`${id}-progress`} tabIndex={-1}>
        {/* Said twice, not at every percent: as it starts, and once every byte is sent. */}
        <p class="visually-hidden" role="status">
          {percent < 100 ? "Uploading your files." : "Uploaded, checking the files."}
        </p>
        <label htmlFor={`${id}-bar`}>{percent < 100 ? `Uploading... ${percent}%` : "Uploaded, checking the files..."}</label>
        <progress id={`${id}-bar`} value={percent} max={100} />
        {/* Once every byte is sent the server is deciding: stopping then would only hide its answer. */}
        {percent < 100 && (
          <button type="button" class="secondary outline" onClick={onStop}>
            Stop upload
          </button>
        )}
      </div>
    );
  }
  if (state.status === "failed") {
    return (
      <div key="failed" class="notice notice-error upload-failed" role="alert" tabIndex={-1}>
        <p>{state.message}</p>
        {state.signedOut && (
          <p>
            <a href="/login" target="_blank" rel="noopener">
              Sign in again (opens a new tab)
            </a>
          </p>
        )}
        {state.retry && (
          <button type="button" class="secondary" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    );
  }
  return null;
}
