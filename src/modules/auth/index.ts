import { Elysia } from "elysia";
import { Type } from "@sinclair/typebox";
import type { AppDeps } from "../../deps";
import { siteOrigin } from "../../http/origin";
import { ErrorAnswer, MessageAnswer } from "../../http/answers";
import { businessIdOfUser } from "../businesses/service";
import { redeemLoginLink, requestLoginLink } from "./login-links";
import { LOGIN_LINK_SENT_MESSAGE, LoginLinkAnswer, LoginLinkPayload, Me } from "./model";
import { requireSession, sessionPlugin } from "./plugin";

const tags = ["Employer sign-in"];

export const authRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  return new Elysia({ prefix: "/api/auth" })
    .use(sessionPlugin(deps))
    .post(
      "/login-link",
      ({ body, request, set }) => {
        requestLoginLink(db, body.email, siteOrigin(config, request));
        set.status = 202;
        return { message: LOGIN_LINK_SENT_MESSAGE };
      },
      {
        body: LoginLinkPayload,
        response: { 202: LoginLinkAnswer, 400: ErrorAnswer },
        detail: { summary: "Email a one-time sign-in link (the answer never says whether the address has an account)", tags },
      },
    )
    .get(
      "/callback",
      async ({ query, startSession, redirect }) => {
        const userId = redeemLoginLink(db, query.token ?? "");
        const businessId = userId === null ? null : await businessIdOfUser(db, userId);
        if (userId === null || businessId === null) return redirect("/login?error=expired", 303);
        await startSession(userId, "owner");
        return redirect(`/dashboard/${businessId}`, 303);
      },
      {
        query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        detail: { summary: "Open an emailed sign-in link: signs in and goes to the dashboard", tags },
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
    );
};
