/** The browser's IANA time zone, so a day the person picks or reads as "today" is their own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** `path` asked for in the browser's time zone (`tz`): the server's today, for this request, is the person's own. */
export const inBrowserTimeZone = (path: string) => `${path}?tz=${encodeURIComponent(browserTimeZone())}`;
