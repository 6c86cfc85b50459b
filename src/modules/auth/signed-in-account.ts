// Which account a session is, in words a person recognises: said before a sign-in link that
// opens another one is used, so "keep" and "switch" each name what they keep or switch to.
import type { DB } from "../../db";
import { latestBusinessOf } from "../businesses/service";
import { registeredEmployee } from "../employees/directory";
import type { SignInAccount } from "./login-links";
import type { Session } from "./sessions";

export async function signedInAccount(db: DB, session: Session): Promise<string> {
  if (session.kind === "admin") return "our admin area";
  if (session.kind === "employee") {
    const employee = session.employeeId === null ? null : await registeredEmployee(db, session.employeeId);
    return employee ? `the benefits of ${employee.firstName} ${employee.lastName}` : "another account";
  }
  const business = session.userId === null ? undefined : await latestBusinessOf(db, session.userId);
  return business ? `the employer dashboard of ${business.name}` : "another account";
}

/** Whether the session here is already the account a link opens: using the link then asks nothing. */
export const isSignedInAs = (session: Session, account: SignInAccount): boolean =>
  session.kind === account.role &&
  (account.role === "owner" ? session.userId === account.userId : session.employeeId === account.employeeId);
