import { inBrowserTimeZone } from "../../lib/time-zone";

/**
 * The employee's home, asked for in their own time zone so "this month" is theirs (on a
 * month's last evening in the US, UTC is already in the next). web/App.tsx starts this very
 * request early, with the page's download.
 */
export const benefitsHomePath = () => inBrowserTimeZone("/api/benefits");
