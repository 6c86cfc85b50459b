import { Type } from "@sinclair/typebox";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { answers, MessageAnswer } from "../../http/answers";
import { badRequest, conflict, forbidden, unauthorized } from "../../http/errors";
import { siteOrigin } from "../../http/origin";
import { publicFormLimit } from "../../http/rate-limit";
import { enrollmentWithBusiness } from "../businesses/access";
import { businessIdOfUser, confirmContactEmail } from "../businesses/service";
import { registeredEmployee } from "../employees/directory";
import { accountsOf, loginLinkAddress, requestLoginLink, spendLoginLink } from "./login-links";
import {
  CHOOSE_ACCOUNT_MESSAGE,
  CROSS_SITE_MESSAGE,
  LOGIN_LINK_ANSWER_FLOOR_MS,
  LOGIN_LINK_EXPIRED_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
  LoginCallbackAnswer,
  LoginCallbackPayload,
  LoginLinkPayload,
  landingPage,
  Me,
  OTHER_ACCOUNT_SIGNED_IN_MESSAGE,
} from "./model";
import { notFromThisSite, requireSession, sessionPlugin } from "./plugin";
import { deleteUserSessions } from "./sessions";
import { isSignedInAs, signedInAccount } from "./signed-in-account";

const tags = ["Sign-in"];

export const authRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  return (
    new Elysia({ prefix: "/api/auth" })
      .use(sessionPlugin(deps))
      // Each request may send an email: the per-address limits of the public forms apply.
      .use(publicFormLimit("/api/auth/login-link", config))
      .post(
        "/login-link",
        async ({ body, request, set }) => {
          const started = performance.now();
          await requestLoginLink(db, body.email, siteOrigin(config, request));
          // An address with an account costs a durable write and an email; answering no sooner
          // than the slowest of those keeps the answer's time from telling which addresses do.
          await Bun.sleep(Math.max(0, LOGIN_LINK_ANSWER_FLOOR_MS - (performance.now() - started)));
          set.status = 202;
          return { message: LOGIN_LINK_SENT_MESSAGE };
        },
        {
          body: LoginLinkPayload,
          response: answers({ 202: MessageAnswer }, 400, 429),
          detail: {
            summary: "Email a one-time sign-in link to an address with an account; the same answer for any address",
            description: "429 with Retry-After past LEADS_PER_MINUTE / LEADS_PER_DAY requests from one address.",
            tags,
          },
        },
      )
      .get(
        "/callback",
        // Links mailed before sign-in moved to /login: a GET never spends the token.
        ({ query, redirect }) => redirect(query.token ? `/login?token=${encodeURIComponent(query.token)}` : "/login?error=expired", 303),
        {
          query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
          detail: { summary: "An older emailed sign-in link: goes to /login with its token, without using it", tags },
        },
      )
      .post(
        "/callback",
        async ({ body, request, session, startSession, startEmployeeSession }) => {
          // Signing someone into an account from another site (login CSRF) is refused.
          if (notFromThisSite(request, config.trustProxy)) throw forbidden(CROSS_SITE_MESSAGE);
          const address = await loginLinkAddress(db, body.token);
          const accounts = address === null ? [] : await accountsOf(db, address);
          if (accounts.length === 0) throw unauthorized(LOGIN_LINK_EXPIRED_MESSAGE);
          const chosen = body.as === undefined ? (accounts.length === 1 ? accounts[0] : undefined) : accounts.find((a) => a.as === body.as);
          if (body.as !== undefined && !chosen) throw badRequest(CHOOSE_ACCOUNT_MESSAGE, { as: CHOOSE_ACCOUNT_MESSAGE });
          // Several accounts and no choice yet: the token stays usable for the choice.
          if (!chosen) return { choose: accounts.map(({ as, role, label }) => ({ as, role, label })) };
          // Another account signed in here: the link may have been forwarded to move its reader
          // into the sender's account. Nothing is spent until the person has read whose it is.
          if (session && !isSignedInAs(session, chosen) && !body.switchAccount) {
            const signedInAs = await signedInAccount(db, session);
            throw conflict(OTHER_ACCOUNT_SIGNED_IN_MESSAGE(address!, signedInAs), { linkFor: address, signedInAs });
          }
          if (!(await spendLoginLink(db, body.token))) throw unauthorized(LOGIN_LINK_EXPIRED_MESSAGE);
          if (chosen.role === "employee") await startEmployeeSession(chosen.employeeId);
          else {
            // The first link to reach this inbox proves whose account it is: whoever registered
            // it with an address they did not own is signed out everywhere, before the owner
            // types anything into it.
            if (await confirmContactEmail(db, chosen.userId)) await deleteUserSessions(db, chosen.userId, "owner");
            await startSession(chosen.userId, "owner");
          }
          return {
            role: chosen.role,
            redirect: landingPage(chosen.role, chosen.businessId),
            businessId: chosen.businessId,
            employeeId: chosen.role === "employee" ? chosen.employeeId : null,
          };
        },
        {
          body: LoginCallbackPayload,
          response: answers({ 200: LoginCallbackAnswer }, 400, 401, 403, 409),
          detail: {
            summary: "Use an emailed sign-in token (once): signs an employer or a registered employee in",
            description:
              "When the address has several accounts and `as` is absent, answers `choose` (the accounts, each with its `as`) and leaves the token unused; send it again with the chosen `as`. When another account is signed in on this browser, answers 409 naming the link's address (`linkFor`) and leaves the token unused; send it again with `switchAccount: true`.",
            tags,
          },
        },
      )
      .post(
        "/logout",
        async ({ endSession }) => {
          await endSession();
          return { message: "Signed out." };
        },
        { response: { 200: MessageAnswer }, detail: { summary: "Sign out", tags } },
      )
      .get(
        "/me",
        async ({ session }) => {
          const who = requireSession(session, "owner", "admin", "employee");
          if (who.kind === "employee") {
            const employee = who.employeeId === null ? null : await registeredEmployee(db, who.employeeId);
            const employer = employee ? await enrollmentWithBusiness(db, employee.enrollmentId) : null;
            if (!employee || !employer) throw unauthorized();
            return { role: who.kind, businessId: employer.business.id, employeeId: employee.id, enrollmentId: employee.enrollmentId };
          }
          const businessId = who.kind === "owner" && who.userId !== null ? await businessIdOfUser(db, who.userId) : null;
          return { role: who.kind, businessId, employeeId: null, enrollmentId: null };
        },
        { response: answers({ 200: Me }, 401), detail: { summary: "Who is signed in", tags } },
      )
  );
};

/**
 * `/dashboard`, as a person types it: the signed-in account's own home (an employer's
 * dashboard is at its business's address, which nobody remembers), or the sign-in page.
 */
export const homeRedirect = (deps: AppDeps) =>
  new Elysia().use(sessionPlugin(deps)).get(
    "/dashboard",
    async ({ session, redirect }) => {
      if (session?.kind === "owner" && session.userId !== null) {
        const businessId = await businessIdOfUser(deps.db, session.userId);
        return redirect(businessId === null ? "/enroll" : landingPage("owner", businessId), 302);
      }
      if (session?.kind === "employee") return redirect("/benefits", 302);
      if (session?.kind === "admin") return redirect("/admin", 302);
      return redirect("/login", 302);
    },
    { detail: { hide: true } },
  );
