// An email address that breaks, when it must, where a reader expects: after the "@" and
// before a dot, and inside a run too long for a column (a local part with no dot). Left to
// the browser, a table either widened past the window for a long address or broke a short
// one mid-word ("jane.doe@example.co / m").
import { Fragment } from "react";

/** A run longer than this (a local part with no dot) also offers a break every so many characters. */
const LONGEST_RUN = 20;

export function EmailAddress({ email }: { email: string }) {
  const parts = email
    .split(/(?<=@)|(?=\.)/)
    .flatMap((part) => (part.length > LONGEST_RUN ? (part.match(new RegExp(`.{1,${LONGEST_RUN}}`, "gu")) ?? [part]) : [part]));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
