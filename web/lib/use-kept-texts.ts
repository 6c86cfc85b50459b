// A few texts of a form kept in this tab as they are typed (kept-drafts), so a reload gives
// them back: a reviewer's reason or question, before it is sent.
import { useState } from "react";
import { forgetDraft, keepTyping, withKeptDraft } from "./kept-drafts";

/** The texts (starting with `start`, or what was kept under `key`), a setter that keeps them, and `forget` for once they are sent. */
export function useKeptTexts<T extends Record<string, string>>(
  key: string,
  start: T,
): [T, (name: keyof T & string, text: string) => void, () => void] {
  const fields = Object.keys(start) as (keyof T & string)[];
  const [texts, setTexts] = useState<T>(() => withKeptDraft(key, start, fields));
  const set = (name: keyof T & string, text: string) =>
    setTexts((all) => {
      const next = { ...all, [name]: text };
      keepTyping(key, next, start, fields);
      return next;
    });
  return [texts, set, () => forgetDraft(key)];
}
