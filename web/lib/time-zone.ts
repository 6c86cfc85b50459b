/** The browser's IANA time zone, so a day the person picks or reads as "today" is their own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
