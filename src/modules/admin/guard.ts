// The guard every admin screen's routes mount, in whichever feature owns them: 401 without
// an admin session, checked before the input is validated, and the signed-in admin for the
// handler. Unnamed on purpose: Elysia applies a named plugin once, and each feature that
// mounts the guard needs its hooks.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { unauthorized } from "../../http/errors";
import { sessionPlugin } from "../auth/plugin";
import type { Session } from "../auth/sessions";
import { adminUsername } from "./accounts";

/**
 * The admin screens send any 401 to their login (the spec), so to the admin area a visitor
 * signed in as an employer or an employee is not signed in: 401, not 403.
 */
function adminSession(session: Session | null): Session {
  if (session?.kind !== "admin") throw unauthorized();
  return session;
}

export const adminOnly = (deps: AppDeps) =>
  new Elysia()
    .use(sessionPlugin(deps))
    .onTransform({ as: "scoped" }, ({ session }) => {
      adminSession(session);
    })
    .resolve({ as: "scoped" }, async ({ session }) => {
      const { userId } = adminSession(session);
      const username = await adminUsername(deps.db, userId);
      if (userId === null || !username) throw unauthorized();
      return { admin: { id: userId, username } };
    });
