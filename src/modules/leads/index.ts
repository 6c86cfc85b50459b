// The lead forms and the admin's lead list. POST /api/contact: every public lead form.
// Checks the per-IP limit before the body is read (the app's JSON reader takes at most
// 1 MB), validates the fields of the form named by formType (contact when absent), answers
// a filled honeypot as if accepted, and stores the rest. /api/admin/form-submissions*: the
// list, summary, CSV export, detail and follow-up status, behind the admin guard.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { answers } from "../../http/answers";
import { pagedList } from "../../http/api-docs";
import { clientIp } from "../../http/client-ip";
import { badRequest } from "../../http/errors";
import { pageLimit, sendPage } from "../../http/pagination";
import { publicFormLimit } from "../../http/rate-limit";
import { checkTimeZone } from "../../http/time-zone-query";
import { validate } from "../../lib/field-errors";
import { IdParams } from "../../lib/schema-fields";
import { adminOnly } from "../admin/guard";
import type { LeadFields } from "./compose";
import { csvFileName, csvStream } from "./csv-export";
import {
  fieldsOf,
  formSchemas,
  honeypotField,
  LEAD_RECEIVED_MESSAGE,
  LeadCreated,
  LeadPayload,
  LeadStatusBody,
  SubmissionDetail,
  SubmissionFilterQuery,
  SubmissionList,
  SubmissionListQuery,
  Summary,
  SummaryQuery,
} from "./model";
import { storeLead } from "./service";
import { getSubmission, listSubmissions, prepareExport, setLeadStatus, submissionBatches, summarize } from "./submissions";

const adminTags = ["Admin"];

export const leadsRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  return new Elysia({ prefix: "/api" })
    .use(publicFormLimit("/api/contact", config))
    .post(
      "/contact",
      async ({ body, request, server, set }) => {
        const formType = body.formType ?? "contact";
        const { [honeypotField]: trap, formType: _omit, ...sent } = body;
        const fields = fieldsOf(formType, sent);
        const ipAddress = clientIp(request, server, config.trustProxy);
        if (trap) {
          // Robots get the answer people get, and nothing is stored.
          set.status = 201;
          return { message: LEAD_RECEIVED_MESSAGE };
        }
        const errors = validate(formSchemas[formType], fields);
        if (errors) throw badRequest("Please correct the highlighted fields in the request.", errors);
        await storeLead(db, formType, fields as unknown as LeadFields, {
          ipAddress,
          userAgent: request.headers.get("user-agent"),
          notifyTo: config.leadsNotifyTo,
        });
        set.status = 201;
        return { message: LEAD_RECEIVED_MESSAGE };
      },
      {
        body: LeadPayload,
        response: answers({ 201: LeadCreated }, 400, 429),
        detail: {
          summary: "Submit a lead form (contact, employers, brokers, platforms, enrollment)",
          description:
            "Answers 201 { message } (no id: the count of leads is nobody's business); 400 names each bad field; 429 with Retry-After past the per-IP limit; 413 over 1 MB.",
          tags: ["Leads"],
        },
      },
    )
    .group("/admin", (admin) =>
      admin
        .use(adminOnly(deps))
        .get(
          "/form-submissions",
          async ({ query, set }) =>
            sendPage(await listSubmissions(db, { ...query, limit: pageLimit(query.limit, 50), cursor: query.cursor }), set),
          {
            query: SubmissionListQuery,
            response: { 200: SubmissionList },
            detail: {
              summary: "Lead submissions, newest first",
              description:
                "Filtered by formType, range (in the time zone tz) and q (name, email, company). Answers the array of the page (50 by default, `limit` up to 500); X-Total-Count carries the number of matches (a search counts up to 10,000 and then adds X-Total-Count-Capped: true) and X-Next-Cursor the `cursor` of the next page.",
              tags: adminTags,
              ...pagedList("counted"),
            },
          },
        )
        .get("/form-submissions/summary", ({ query }) => summarize(db, query.tz), {
          query: SummaryQuery,
          response: { 200: Summary },
          detail: { summary: "The dashboard's summary counts ('today' in the time zone tz)", tags: adminTags },
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
          { query: SubmissionFilterQuery, detail: { summary: "The filtered submissions as CSV, streamed", tags: adminTags } },
        )
        .get("/form-submissions/:id", ({ params }) => getSubmission(db, Number(params.id)), {
          params: IdParams,
          response: { 200: SubmissionDetail },
          detail: { summary: "One submission with its message and structured data", tags: adminTags },
        })
        .put(
          "/form-submissions/:id/status",
          ({ params, body, admin }) => setLeadStatus(db, Number(params.id), body.status, admin.username),
          {
            params: IdParams,
            body: LeadStatusBody,
            response: { 200: SubmissionDetail },
            detail: { summary: "Set a lead's follow-up status (recorded with who and when)", tags: adminTags },
          },
        ),
    );
};
