// The sign-in links the outbox holds for an address, as the sign-in tests read them.
import type { TestApp } from "./api";

/** The sign-in links emailed to `to`, oldest first; fails on a sign-in email without one. */
export function signInLinksTo(t: Pick<TestApp, "database">, to: string): string[] {
  const rows = t.database.sqlite
    .query("select text_body from outbox where kind = 'sign_in_link' and to_address = ? order by id")
    .all(to) as { text_body: string }[];
  return rows.map(({ text_body }) => {
    const link = text_body.match(/https?:\/\/\S+\/login\?token=[A-Za-z0-9_-]+/)?.[0];
    if (!link) throw new Error(`a sign-in email to ${to} without a sign-in link:\n${text_body}`);
    return link;
  });
}

/** The one-time token a sign-in link carries. */
export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
