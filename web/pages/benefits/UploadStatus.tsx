// An upload's progress while it is sent, with a way to stop it, and its failure after, with
// Retry when sending the same form again may work.
import { useEffect, useRef } from "react";
import { refocusIfLost } from "../../lib/focus-after";
import type { UploadState } from "./use-upload";

export function UploadStatus({ id, state, onRetry, onStop }: { id: string; state: UploadState; onRetry: () => void; onStop: () => void }) {
  if (state.status === "sending") return <Progress id={id} progress={state.progress} onStop={onStop} />;
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

/**
 * The upload under way. Sending disables the form's fields and its button, which would drop
 * the keyboard to the page: the focus comes here as it starts, from where Tab reaches Stop
 * upload, and comes back here when Stop upload goes at 100%.
 */
function Progress({ id, progress, onStop }: { id: string; progress: number; onStop: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const percent = Math.round(progress * 100);
  const sent = percent >= 100;
  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    if (sent) refocusIfLost(() => box.current);
  }, [sent]);
  const words = sent ? "Uploaded, checking the files" : "Uploading";
  return (
    // Keyed apart from the failure: reusing this box and its Stop button for the failure's Retry
    // would fade the outline button into the filled one, unreadable while it does.
    <div key="progress" ref={box} class="upload-progress" id={`${id}-progress`} tabIndex={-1}>
      {/* Said twice, not at every percent: as it starts, and once every byte is sent. */}
      <p class="visually-hidden" role="status">
        {sent ? `${words}.` : "Uploading your files."}
      </p>
      <label htmlFor={`${id}-bar`}>{sent ? `${words}...` : `${words}... ${percent}%`}</label>
      <progress id={`${id}-bar`} value={percent} max={100} />
      {/* Once every byte is sent the server is deciding: stopping then would only hide its answer. */}
      {!sent && (
        <button type="button" class="secondary outline" onClick={onStop}>
          Stop upload
        </button>
      )}
    </div>
  );
}
