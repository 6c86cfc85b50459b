// The guard every admin screen's routes mount, in whichever feature owns them: 401 without
// an admin session, checked before the input is validated, and the signed-in admin for the
// handler. Unnamed on purpose: Elysia applies a named plugin once, and each feature that
// mounts the guard needs its hooks.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { unauthorized } from "../../http/errors";
import { requireSession, sessionPlugin } from "../auth/plugin";
import { adminUsername } from "./accounts";

export const adminOnly = (deps: AppDeps) =>
  new Elysia()
    .use(sessionPlugin(deps))
    .onTransform({ as: "scoped" }, ({ session }) => {
      requireSession(session, "admin");
    })
    .resolve({ as: "scoped" }, async ({ session }) => {
      const { userId } = requireSession(session, "admin");
      const username = await adminUsername(deps.db, userId);
      if (userId === null || !username) throw unauthorized();
      return { admin: { id: userId, username } };
    });
