import { Type } from "@sinclair/typebox";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { ErrorAnswer, MessageAnswer } from "../../http/answers";
import { forbidden, unauthorized } from "../../http/errors";
import { siteOrigin } from "../../http/origin";
import { publicFormLimit } from "../../http/rate-limit";
import { businessIdOfUser } from "../businesses/service";
import { redeemLoginLink, requestLoginLink } from "./login-links";
import {
  LOGIN_LINK_EXPIRED_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
  LoginCallbackAnswer,
  LoginCallbackPayload,
  LoginLinkPayload,
  Me,
} from "./model";
import { isCrossSite, requireSession, sessionPlugin } from "./plugin";

const tags = ["Employer sign-in"];

export const authRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  return (
    new Elysia({ prefix: "/api/auth" })
      .use(sessionPlugin(deps))
      // Each request may send an email: the per-address limits of the public forms apply.
      .use(publicFormLimit("/api/auth/login-link", config))
      .post(
        "/login-link",
        ({ body, request, set }) => {
          requestLoginLink(db, body.email, siteOrigin(config, request));
          set.status = 202;
          return { message: LOGIN_LINK_SENT_MESSAGE };
        },
        {
          body: LoginLinkPayload,
          response: { 202: MessageAnswer, 400: ErrorAnswer, 429: MessageAnswer },
          detail: {
            summary: "Email a one-time sign-in link (the answer never says whether the address has an account)",
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
        async ({ body, request, startSession }) => {
          // Signing someone into an account from another site (login CSRF) is refused.
          if (isCrossSite(request, config.trustProxy)) throw forbidden("Cross-site requests are not allowed.");
          const userId = redeemLoginLink(db, body.token);
          const businessId = userId === null ? null : await businessIdOfUser(db, userId);
          if (userId === null || businessId === null) throw unauthorized(LOGIN_LINK_EXPIRED_MESSAGE);
          await startSession(userId, "owner");
          return { businessId };
        },
        {
          body: LoginCallbackPayload,
          response: { 200: LoginCallbackAnswer, 400: ErrorAnswer, 401: MessageAnswer, 403: MessageAnswer },
          detail: { summary: "Use an emailed sign-in token (once): signs the owner in and answers their business", tags },
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
          const who = requireSession(session, "owner", "admin");
          const businessId = who.kind === "owner" && who.userId !== null ? await businessIdOfUser(db, who.userId) : null;
          return { role: who.kind, businessId };
        },
        { response: { 200: Me, 401: MessageAnswer }, detail: { summary: "Who is signed in", tags } },
      )
  );
};
