// Component tests answer uploads (XMLHttpRequest, for their progress) from a queue of canned
// outcomes: each send takes the next one, reports progress, then answers or fails. Every
// sent form is kept for asserts.
/** "pending": stays at 40% with no answer; "sent": reaches 40%, a moment later 100%, then waits for an answer that never comes. */
export type UploadOutcome = { status: number; json?: unknown } | "network-error" | "pending" | "sent";

export interface SentUpload {
  method: string;
  path: string;
  form: FormData;
}

export function fakeUploads(outcomes: UploadOutcome[]) {
  const sent: SentUpload[] = [];
  const original = globalThis.XMLHttpRequest;

  class FakeXhr {
    status = 0;
    statusText = "";
    responseText = "";
    withCredentials = false;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = "";
    private path = "";
    open(method: string, path: string) {
      this.method = method;
      this.path = path;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ method: this.method, path: this.path, form });
      const outcome = outcomes.shift() ?? { status: 500, json: { message: "No canned upload answer left" } };
      if (outcome === "pending" || outcome === "sent") {
        queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
        if (outcome === "sent") setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }), 50);
        return;
      }
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (outcome === "network-error") {
          this.onerror?.();
          return;
        }
        this.status = outcome.status;
        this.responseText = outcome.json === undefined ? "" : JSON.stringify(outcome.json);
        this.onload?.();
      });
    }
  }

  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    sent,
    /** The text fields and the names of the files of the nth upload. */
    fieldsOf(n: number) {
      const fields: Record<string, string | string[]> = {};
      for (const [name, value] of sent[n]!.form.entries()) {
        const shown = typeof value === "string" ? value : (value as File).name;
        const had = fields[name];
        fields[name] = had === undefined ? shown : [...(Array.isArray(had) ? had : [had]), shown];
      }
      return fields;
    },
    restore() {
      globalThis.XMLHttpRequest = original;
    },
  };
}
