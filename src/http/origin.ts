// The absolute origin of the site, for links in emails, /sitemap.xml and /robots.txt.
// Never taken from the request: its Host and X-Forwarded-* headers are the client's to
// choose, so `Host: evil.example` would otherwise mail an owner's sign-in token to that
// site. PUBLIC_URL when set; without it startServer fills in the local address it
// listens on (and warns), and an app driven through app.handle uses http://localhost.
import type { Config } from "../config";

const fallbackOrigin = "http://localhost";

/** `_request` is accepted for the callers' convenience and deliberately not read. */
export function siteOrigin(config: Pick<Config, "publicUrl">, _request?: Request): string {
  return (config.publicUrl ?? fallbackOrigin).replace(/\/+$/, "");
}
