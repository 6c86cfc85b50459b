// The admin API: sign-in, the lead list and its export, lead status, enrollments, outbox.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { tooMany, unauthorized } from "../../http/errors";
import { requireSession, sessionPlugin } from "../auth/plugin";
import { adminUsername, verifyAdminLogin } from "./accounts";
import { csvFileName, csvStream } from "./csv-export";
import { listEnrollments, moveEnrollment } from "./enrollments";
import { LoginThrottle } from "./login-throttle";
import {
  AuthStatus,
  EnrollmentList,
  EnrollmentMoved,
  type IdPage,
  IdParams,
  LeadStatusBody,
  LoginBody,
  Ok,
  OutboxEmail,
  OutboxList,
  PageQuery,
  SubmissionDetail,
  SubmissionFilterQuery,
  SubmissionList,
  SubmissionListQuery,
  Summary,
  SummaryQuery,
} from "./model";
import { getOutboxEmail, listOutbox } from "./outbox-view";
import { getSubmission, listSubmissions, prepareExport, setLeadStatus, submissionBatches, summarize } from "./submissions";
import { checkTimeZone } from "./time-range";

const tags = ["Admin"];

/** The page options of the enrollment and outbox lists (the schema has checked them). */
const pageOptions = (query: { limit?: string; before?: string }) => ({
  limit: query.limit ? Number(query.limit) : 100,
  before: query.before ? Number(query.before) : undefined,
});

/** Answers a page's items, with the next page's `before` in X-Next-Before. */
function sendPage<T>(page: IdPage<T>, set: { headers: Record<string, unknown> }): T[] {
  if (page.nextBefore !== null) set.headers["x-next-before"] = String(page.nextBefore);
  return page.items;
}

export const adminRoutes = (deps: AppDeps, throttle = new LoginThrottle()) => {
  const { db, config } = deps;
  return new Elysia({ prefix: "/api/admin" })
    .use(sessionPlugin(deps))
    .post(
      "/login",
      async ({ body, request, server, startSession }) => {
        const ip = clientIp(request, server, config.trustProxy) ?? "unknown";
        // Counted before the (slow) password check, so parallel guesses meet the limit too.
        const attempt = throttle.begin(body.username, ip);
        if (!attempt.admitted) throw tooMany(attempt.retryAfter, "Too many failed sign-in attempts. Please try again later.");
        const admin = await verifyAdminLogin(db, body.username, body.password);
        if (!admin) throw unauthorized("Invalid credentials");
        attempt.succeeded();
        await startSession(admin.id, "admin");
        return { authenticated: true as const, username: admin.username };
      },
      { body: LoginBody, response: { 200: AuthStatus }, detail: { summary: "Sign in as an admin", tags } },
    )
    .use(signedInRoutes(deps));
};

/** Everything but the sign-in needs an admin session, checked before the input is read. */
const signedInRoutes = (deps: AppDeps) => {
  const { db } = deps;
  // Mounted inside the /api/admin instance, which supplies the prefix.
  return new Elysia()
    .use(sessionPlugin(deps))
    .onTransform(({ session }) => {
      requireSession(session, "admin");
    })
    .resolve(async ({ session }) => {
      const username = await adminUsername(db, requireSession(session, "admin").userId);
      if (!username) throw unauthorized();
      return { admin: { username } };
    })
    .get("/check-auth", ({ admin }) => ({ authenticated: true as const, username: admin.username }), {
      response: { 200: AuthStatus },
      detail: { summary: "Whether the request carries an admin session", tags },
    })
    .post(
      "/logout",
      async ({ endSession }) => {
        await endSession();
        return { ok: true as const };
      },
      { response: { 200: Ok }, detail: { summary: "End the admin session", tags } },
    )
    .get(
      "/form-submissions",
      async ({ query, set }) => {
        const page = await listSubmissions(db, { ...query, limit: query.limit ? Number(query.limit) : undefined });
        set.headers["x-total-count"] = String(page.total);
        // A search with more matches than it counts says so; the count is then a lower bound.
        if (page.totalCapped) set.headers["x-total-count-capped"] = "true";
        if (page.nextCursor) set.headers["x-next-cursor"] = page.nextCursor;
        return page.items;
      },
      {
        query: SubmissionListQuery,
        response: { 200: SubmissionList },
        detail: {
          summary: "Lead submissions, newest first",
          description:
            "Filtered by formType, range (in the time zone tz) and q (name, email, company). Answers the array of the page (50 by default, `limit` up to 500); X-Total-Count carries the number of matches (a search counts up to 10,000 and then adds X-Total-Count-Capped: true) and X-Next-Cursor the `cursor` of the next page.",
          tags,
        },
      },
    )
    .get("/form-submissions/summary", ({ query }) => summarize(db, query.tz), {
      query: SummaryQuery,
      response: { 200: Summary },
      detail: { summary: "The dashboard's summary counts ('today' in the time zone tz)", tags },
    })
    .get(
      "/form-submissions.csv",
      async ({ query }) => {
        const timeZone = checkTimeZone(query.tz);
        // Settled before the Response exists, so a failure is still a JSON error.
        const prepared = await prepareExport(db, query);
        return new Response(csvStream(submissionBatches(db, prepared)), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="${csvFileName(timeZone)}"`,
            "cache-control": "no-store",
          },
        });
      },
      { query: SubmissionFilterQuery, detail: { summary: "The filtered submissions as CSV, streamed", tags } },
    )
    .get("/form-submissions/:id", ({ params }) => getSubmission(db, Number(params.id)), {
      params: IdParams,
      response: { 200: SubmissionDetail },
      detail: { summary: "One submission with its message and structured data", tags },
    })
    .put("/form-submissions/:id/status", ({ params, body, admin }) => setLeadStatus(db, Number(params.id), body.status, admin.username), {
      params: IdParams,
      body: LeadStatusBody,
      response: { 200: SubmissionDetail },
      detail: { summary: "Set a lead's follow-up status (recorded with who and when)", tags },
    })
    .get("/enrollments", async ({ query, set }) => sendPage(await listEnrollments(db, pageOptions(query)), set), {
      query: PageQuery,
      response: { 200: EnrollmentList },
      detail: {
        summary: "Enrollments, newest first",
        description: "100 a page by default (`limit` up to 500); X-Next-Before carries the `before` of the next page.",
        tags,
      },
    })
    .post("/enrollments/:id/approve", ({ params }) => moveEnrollment(db, Number(params.id), "approve"), {
      params: IdParams,
      response: { 200: EnrollmentMoved },
      detail: { summary: "Approve a pending enrollment (409 otherwise)", tags },
    })
    .post("/enrollments/:id/activate", ({ params }) => moveEnrollment(db, Number(params.id), "activate"), {
      params: IdParams,
      response: { 200: EnrollmentMoved },
      detail: { summary: "Activate an approved enrollment (409 otherwise)", tags },
    })
    .get("/outbox", async ({ query, set }) => sendPage(await listOutbox(db, pageOptions(query)), set), {
      query: PageQuery,
      response: { 200: OutboxList },
      detail: {
        summary: "Every email, newest first",
        description: "100 a page by default (`limit` up to 500); X-Next-Before carries the `before` of the next page.",
        tags,
      },
    })
    .get("/outbox/:id", ({ params }) => getOutboxEmail(db, Number(params.id)), {
      params: IdParams,
      response: { 200: OutboxEmail },
      detail: { summary: "One email with its full text", tags },
    });
};
