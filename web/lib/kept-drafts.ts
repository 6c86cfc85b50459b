// What a person typed into a form that has no server copy until it is sent, kept in this tab
// (sessionStorage) so a reload or a lost connection does not take it: only the text fields a
// form names, never files, an SSN or a signed attestation. A form keeps what differs from
// what it starts with (the typing, a cleared field too), forgets it once sent, and signing
// out forgets every draft.

const PREFIX = "kept-draft:";

function tab(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The text kept under `key`, or none. */
function kept(key: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(tab()?.getItem(PREFIX + key) ?? "{}");
    if (!stored || typeof stored !== "object") return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/** Whether anything typed is kept under `key`: a form that holds some opens with it after a reload. */
export function hasKeptDraft(key: string): boolean {
  return Object.keys(kept(key)).length > 0;
}

/** What the form starts with, with the text kept under `key` for `fields` over it. */
export function withKeptDraft<D extends object>(key: string, start: D, fields: readonly (keyof D & string)[]): D {
  const text = kept(key);
  return { ...start, ...Object.fromEntries(fields.filter((f) => text[f] !== undefined).map((f) => [f, text[f]])) };
}

/** Keeps under `key` what `draft` holds in `fields` that differs from `start`; nothing typed keeps nothing. */
export function keepTyping<D extends object>(key: string, draft: D, start: D, fields: readonly (keyof D & string)[]) {
  const typed = fields.filter((f) => typeof draft[f] === "string" && draft[f] !== start[f]).map((f) => [f, draft[f]]);
  try {
    if (typed.length === 0) tab()?.removeItem(PREFIX + key);
    else tab()?.setItem(PREFIX + key, JSON.stringify(Object.fromEntries(typed)));
  } catch {
    // Storage full or refused: the form still works, it only cannot outlive a reload.
  }
}

export function forgetDraft(key: string) {
  tab()?.removeItem(PREFIX + key);
}

/** Signing out: nothing one person typed stays for the next on a shared device. */
export function forgetAllDrafts() {
  const storage = tab();
  if (!storage) return;
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => !!k?.startsWith(PREFIX));
  for (const key of keys) storage.removeItem(key);
}
