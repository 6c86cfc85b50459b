// An email address that breaks, when it must, where a reader expects: after the "@" and
// before a dot. Left to the browser, a table either widened past the window for a long
// address or broke a short one mid-word ("jane.doe@example.co / m").
import { Fragment } from "react";

export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
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
