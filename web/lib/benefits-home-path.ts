import { inBrowserTimeZone } from "./time-zone";

/**
 * The employee's home, asked for in their own time zone so "this month" is theirs (on a
 * month's last evening in the US, UTC is already in the next, and a home read there would
 * reach next month's allowance early). web/App.tsx starts this very request early, with the
 * page's download; the header asks the same for the employee's name.
 */
export const benefitsHomePath = () => inBrowserTimeZone("/api/benefits");
