import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { plural } from "../../lib/plural";
import { siteContact } from "../marketing/site-contact";

/**
 * Classes that the census, uploaded after submitting, leaves under the minimum class size.
 * Submitting refuses a shortfall, but once submitted the classes can no longer be changed
 * here, so the employer is told what is wrong and whom to ask.
 */
export function ClassSizeShortfalls({ shortfalls }: { shortfalls: EnrollmentRead["classSizeShortfalls"] }) {
  if (shortfalls.length === 0) return null;
  const { email } = siteContact();
  return (
    <div class="notice notice-warning" role="status">
      <p>
        <strong>Your census leaves {shortfalls.length === 1 ? "a class" : "classes"} under the minimum class size.</strong> Because you also
        offer a group health plan to another class, a class based on full-time or part-time work, pay type or an area smaller than a state
        needs a minimum number of employees (26 CFR 54.9802-4(d)(3)):
      </p>
      <ul>
        {shortfalls.map((s) => (
          <li key={s.className}>
            "{s.className}" has {plural(s.headcount, "employee")} and needs at least {s.minimum}.
          </li>
        ))}
      </ul>
      <p>
        Classes cannot be changed once an enrollment is submitted. Please write to <a href={`mailto:${email}`}>{email}</a>, and we will
        restructure them with you.
      </p>
    </div>
  );
}
