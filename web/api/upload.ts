// Multipart uploads with progress. Eden's fetch cannot report how much of a body has been
// sent, and a phone on a slow connection sending a 5 MB photo needs to see it moving, so
// uploads go through XMLHttpRequest here. A refusal becomes the same ApiError the typed
// client throws, so forms read the server's messages the same way.
import { refusal } from "./errors";

/** A failure of the connection itself (no answer from the server), as opposed to a refusal. */
export class UploadNetworkError extends Error {
  constructor(readonly aborted = false) {
    super(aborted ? "The upload was stopped." : "The upload did not reach us: the connection failed.");
    this.name = "UploadNetworkError";
  }
}

interface UploadOptions {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs `form` to `path` (same origin, with the session cookie) and answers the JSON body.
 * The answer's type is the route's documented answer (a model type the caller names).
 */
export function upload<T>(path: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (!response.ok) {
        void refusal(response).then(reject, reject);
        return;
      }
      onProgress?.(1);
      response.json().then(resolve as (value: unknown) => void, reject);
    };
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new UploadNetworkError(true));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
