// The name of the cookie that says a browser was signed in (the auth feature sets it), on its
// own: the pages read it at their first load, and the auth model, holding schemas, would
// bring the schema library into every first load with it (13 KB gzip).

/**
 * A cookie the pages can read, set and cleared with the session's (which stays HttpOnly):
 * it says only that this browser was signed in, so a visitor's pages do not ask who is
 * signed in and have a refused request logged for it. It grants nothing.
 */
export const SIGNED_IN_COOKIE = "ichra_signed_in";
