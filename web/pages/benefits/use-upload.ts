// One upload's state for a form: sending (with progress), and what went wrong, so the form
// can show it beside the fields it keeps and offer to send the same thing again.
import { useRef, useState } from "react";
import { ApiError } from "../../api/errors";
import { UploadNetworkError, upload } from "../../api/upload";
import { withoutError } from "../../components/forms/field-errors";
import { forgetDraft, hasKeptDraft, keepTyping, withKeptDraft } from "../../lib/kept-drafts";
import { keptFiles, withPhotosFitted } from "./files";

export type UploadState =
  | { status: "idle" }
  | { status: "sending"; progress: number }
  /** `retry`: sending the same form again may work (the connection, our side, a limit); field errors need a change first. */
  | { status: "failed"; message: string; fieldErrors: Record<string, string>; retry: boolean; signedOut: boolean };

const KEPT = "What you typed and the files you chose are kept.";

/** What a person reads when an upload fails, and whether sending it again as it is makes sense. */
function uploadFailure(error: unknown): Extract<UploadState, { status: "failed" }> {
  if (error instanceof ApiError) {
    const fieldErrors = error.fieldErrors;
    if (error.status === 401 || error.status === 403)
      return {
        status: "failed",
        message: "Your sign-in has ended, so the upload was not accepted. Please sign in again in a new tab, then press Retry.",
        fieldErrors: {},
        retry: true,
        signedOut: true,
      };
    if (error.status === 400 && Object.keys(fieldErrors).length > 0)
      return { status: "failed", message: "Please correct the fields marked above.", fieldErrors, retry: false, signedOut: false };
    if (error.status >= 500)
      return {
        status: "failed",
        message: `Something went wrong on our side (error ${error.status}). ${KEPT} Please press Retry.`,
        fieldErrors: {},
        retry: true,
        signedOut: false,
      };
    return {
      status: "failed",
      message: error.serverMessage ?? `The upload was refused (error ${error.status}).`,
      fieldErrors,
      retry: error.status === 429,
      signedOut: false,
    };
  }
  if (error instanceof UploadNetworkError && error.aborted)
    return {
      status: "failed",
      message: `${error.message} ${KEPT} Press Retry to send it.`,
      fieldErrors: {},
      retry: true,
      signedOut: false,
    };
  const reason = error instanceof UploadNetworkError ? error.message : "The upload did not reach us.";
  return {
    status: "failed",
    message: `${reason} ${KEPT} Check your connection and press Retry.`,
    fieldErrors: {},
    retry: true,
    signedOut: false,
  };
}

export function useUpload<T>() {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const sending = useRef<AbortController | null>(null);

  /** Sends the form; answers the server's answer, or null when it failed or was stopped (the state says why). */
  async function send(path: string, form: FormData): Promise<T | null> {
    const controller = new AbortController();
    sending.current = controller;
    setState({ status: "sending", progress: 0 });
    try {
      const answer = await upload<T>(path, form, {
        onProgress: (progress) => setState({ status: "sending", progress }),
        signal: controller.signal,
      });
      setState({ status: "idle" });
      return answer;
    } catch (error) {
      setState(uploadFailure(error));
      return null;
    } finally {
      sending.current = null;
    }
  }

  /** Stops the upload under way (a photo too slow to send on a weak connection); the form keeps everything for Retry. */
  const stop = () => sending.current?.abort();

  return { state, send, stop };
}

/**
 * A file field's picks: `pick` hands on what can be sent of the files the field gives (photos
 * over the size limit first redrawn to fit, at most `max`) and why any was left out;
 * `preparing` is true while a photo is being redrawn, for the field to say so.
 */
export function usePicking() {
  const [redrawing, setRedrawing] = useState(0);
  const pick = (files: File[], max: number, take: (kept: File[], problem: string | undefined) => void) =>
    withPhotosFitted(
      files,
      (ready) => {
        const { kept, problem } = keptFiles(ready, max);
        take(kept, problem);
      },
      (busy) => setRedrawing((n) => n + (busy ? 1 : -1)),
    );
  return { preparing: redrawing > 0, pick };
}

/** The keys of a draft whose values are of type V. */
type KeysOf<D, V> = { [P in keyof D & string]: D[P] extends V ? P : never }[keyof D & string];

/**
 * An upload form's draft, its problems and its upload. `bind`, `bindChecked` and `bindFiles`
 * give a text field, a checkbox and a file field of the kit their id, name, value, message
 * and input, which sets the field and clears its message; a file field takes its picks
 * through `usePicking` and says at once why it left a file out. `errorKeyOf` names the
 * message a draft key shows under, and the field: its name and its id `${idPrefix}-${name}`.
 * `check` shows what a submit found and focuses the first field in `order`. `keep` names the
 * text fields kept in this tab until the form is sent, so a reload does not lose them (files
 * and the attestation are chosen again); `restored` says the form opened with such text, so it
 * can say so and ask for the files again.
 */
export function useUploadDraft<D extends object, T>(
  initial: () => D,
  idPrefix: string,
  errorKeyOf: (key: keyof D & string) => string = (key) => key,
  keep?: { as: string; fields: readonly KeysOf<D, string>[] },
) {
  const [draft, setDraft] = useState<D>(() => (keep ? withKeptDraft(keep.as, initial(), keep.fields) : initial()));
  const [restored, setRestored] = useState(() => !!keep && hasKeptDraft(keep.as));
  /** Kept as each key is pressed, not after the render: a reload right after typing keeps it too. */
  const remember = (next: D) => {
    if (keep) keepTyping(keep.as, next, initial(), keep.fields);
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const picking = usePicking();
  const upload = useUpload<T>();
  const shown: Record<string, string | undefined> = {
    ...(upload.state.status === "failed" ? upload.state.fieldErrors : {}),
    ...errors,
  };
  const change = <K extends keyof D & string>(key: K, value: D[K]) => {
    setDraft((d) => {
      const next = { ...d, [key]: value };
      remember(next);
      return next;
    });
    setErrors(withoutError(errorKeyOf(key)));
  };
  const field = (key: keyof D & string) => ({ id: `${idPrefix}-${errorKeyOf(key)}`, name: errorKeyOf(key), error: shown[errorKeyOf(key)] });
  const bind = <K extends KeysOf<D, string>>(key: K) => ({
    ...field(key),
    value: draft[key] as string,
    onInput: (value: string) => change(key, value as D[K]),
  });
  const bindChecked = <K extends KeysOf<D, boolean>>(key: K) => ({
    ...field(key),
    checked: draft[key] as boolean,
    onInput: (checked: boolean) => change(key, checked as D[K]),
  });
  /** Why the last pick of a file field kept no file: a submit with it still empty says that, not only that a file is missing. */
  const refusedPicks = useRef<Record<string, string | undefined>>({});
  const bindFiles = <K extends KeysOf<D, File[]>>(key: K, max: number) => ({
    ...field(key),
    files: draft[key] as File[],
    max,
    preparing: picking.preparing,
    onInput: (files: File[]) =>
      picking.pick(files, max, (kept, problem) => {
        change(key, kept as D[K]);
        refusedPicks.current[errorKeyOf(key)] = kept.length === 0 ? problem : undefined;
        if (problem) setErrors((found) => ({ ...found, [errorKeyOf(key)]: problem }));
      }),
  });
  /** `whenNone` for a file field left empty, or why its last pick was refused. */
  const noFileMessage = (key: KeysOf<D, File[]>, whenNone: string) => refusedPicks.current[errorKeyOf(key)] ?? whenNone;
  /**
   * Why the last pick of an optional file field kept no file, said once: a form that may go
   * without files asks before it sends without the one its sender chose.
   */
  const takeRefusedPick = (key: KeysOf<D, File[]>): string | undefined => {
    const refused = (draft[key] as File[]).length === 0 ? refusedPicks.current[errorKeyOf(key)] : undefined;
    refusedPicks.current[errorKeyOf(key)] = undefined;
    return refused;
  };
  /** True when nothing was found; else shows it and focuses the first field with a problem. */
  const check = (found: Record<string, string>, order: readonly string[]) => {
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    document.getElementById(`${idPrefix}-${order.find((k) => found[k])}`)?.focus();
    return false;
  };
  /** Sends the form; once the server has it, the draft starts over and `onSent` gets the answer. */
  const sendDraft = async (path: string, form: FormData, onSent: (answer: T) => void) => {
    const answer = await upload.send(path, form);
    if (answer === null) return;
    if (keep) forgetDraft(keep.as);
    setDraft(initial());
    setRestored(false);
    onSent(answer);
  };
  /** The UploadForm's own props: the ids' prefix, the upload's state, what submitting (or Retry) runs, stopping it, and whether it opened with kept text. */
  const bindForm = (submit: () => Promise<void>) => ({
    id: idPrefix,
    state: upload.state,
    restored,
    onSubmit: submit,
    onStop: upload.stop,
  });
  /** The person gave up on the form (Cancel): what they typed goes too. */
  const discard = () => {
    if (keep) forgetDraft(keep.as);
  };
  return { draft, bind, bindChecked, bindFiles, noFileMessage, takeRefusedPick, bindForm, check, sendDraft, discard };
}
