// What a person typed into a form that has no server copy until it is sent, kept in this tab
// (sessionStorage) so a reload or a lost connection does not take it: only text, never files
// or a signed attestation. A sent form forgets its draft, and signing out forgets them all.

const PREFIX = "kept-draft:";

function tab(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The text fields kept under `key`, or none. */
export function keptDraft(key: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(tab()?.getItem(PREFIX + key) ?? "{}");
    if (!stored || typeof stored !== "object") return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/** Keeps the text fields of `draft` under `key`; a draft with nothing typed keeps nothing. */
export function keepDraft(key: string, draft: object) {
  const text = Object.entries(draft).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  try {
    if (text.length === 0) tab()?.removeItem(PREFIX + key);
    else tab()?.setItem(PREFIX + key, JSON.stringify(Object.fromEntries(text)));
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
