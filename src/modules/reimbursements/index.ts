// Reimbursements: the employee's benefits (/api/benefits, an employee session), the review
// by our administrators (/api/admin, behind adminOnly) and payroll for the employer
// (/api/enrollment/{id}/..., the owner or an admin). Uploads are multipart forms, read as
// they stream (parse: none), refused by their declared length before a byte is read, and
// counted per employee.
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { Elysia } from "elysia";
import type { OpenAPIV3 } from "openapi-types";
import type { AppDeps } from "../../deps";
import { answers, guarded } from "../../http/answers";
import { newestFirstList, pagedList } from "../../http/api-docs";
import { found, notFound } from "../../http/errors";
import { ownBody } from "../../http/json-body";
import { siteOrigin } from "../../http/origin";
import { idPageQuery, sendPage } from "../../http/pagination";
import { perMinuteAndDay, rateLimitPerAccount } from "../../http/rate-limit";
import { todayInQueryZone } from "../../http/time-zone-query";
import { todayUtc } from "../../lib/date-rules";
import { PageQuery } from "../../lib/pages";
import { EnrollmentParams, IdParams } from "../../lib/schema-fields";
import { TimeZoneQuery } from "../../lib/time-zones";
import { adminOnly } from "../admin/guard";
import { sessionPlugin } from "../auth/plugin";
import type { Session } from "../auth/sessions";
import { accessEnrollment, enrollmentAccessFirst } from "../businesses/access";
import { NoticeView } from "../employees/model";
import { employeeOwnNotice } from "../employees/notice";
import { administratorOf } from "../employees/notice-input";
import { adminClaim, answerClaim, claimById, decideClaim, listClaims, ownClaim, ownClaimView, submitClaim } from "./claims";
import { documentHeaders, documentPath, documentRow, documentsDirFor } from "./documents";
import { contextOfEmployee, type EmployeeContext, employeeSessionFirst, signedInEmployee } from "./employee";
import { benefitsHome } from "./home";
import { employeeLedger } from "./ledger";
import {
  AdminClaim,
  AdminProof,
  BenefitsHome,
  ClaimDecisionPayload,
  ClaimFields,
  ClaimInfoFields,
  ClaimList,
  ClaimView,
  EmployeeLedgerParams,
  EnrollmentReimbursements,
  Ledger,
  LedgerQuery,
  MAX_CLAIM_FILES,
  MAX_CLAIM_REQUEST_BYTES,
  MAX_PROOF_REQUEST_BYTES,
  MIN_CLAIM_FILES,
  messages,
  OptOutPayload,
  PayrollPreview,
  PayrollPreviewQuery,
  PayrollRun,
  PayrollRunList,
  PayrollRunParams,
  PayrollRunPayload,
  ProofDecisionPayload,
  ProofFields,
  ProofView,
  ReviewEmployers,
  ReviewQueue,
  ReviewQueueQuery,
} from "./model";
import { OPT_OUTS_PER_DAY, OPT_OUTS_PER_MINUTE, optOut, takeBackOptOut } from "./opt-out";
import { createPayrollRun, listPayrollRuns, payrollRunCsv, previewPayrollRun, reimbursementTotals } from "./payroll";
import { adminProof, decideProof, listProofs, proofById, submitProof } from "./proofs";
import { reviewEmployers, reviewQueue } from "./review";
import { readUpload, type Upload, type UploadRules } from "./uploads";

const tags = ["Benefits"];
const adminTags = ["Admin"];
const payrollTags = ["Payroll"];

const uploads: Record<"proof" | "claim" | "answer", UploadRules> = {
  proof: {
    fileField: "file",
    minFiles: 1,
    maxFiles: 1,
    fields: ProofFields,
    maxBodyBytes: MAX_PROOF_REQUEST_BYTES,
    filesMessage: messages.file,
    tooLargeMessage: messages.proofTooLarge,
    tooManyMessage: messages.oneProofFile,
  },
  claim: {
    fileField: "files",
    minFiles: MIN_CLAIM_FILES,
    maxFiles: MAX_CLAIM_FILES,
    fields: ClaimFields,
    maxBodyBytes: MAX_CLAIM_REQUEST_BYTES,
    filesMessage: messages.files,
    tooLargeMessage: messages.requestTooLarge,
    tooManyMessage: messages.tooManyFiles,
  },
  answer: {
    fileField: "files",
    minFiles: 0,
    maxFiles: MAX_CLAIM_FILES,
    fields: ClaimInfoFields,
    multiline: ["note"],
    maxBodyBytes: MAX_CLAIM_REQUEST_BYTES,
    // Files are optional here: a note alone answers.
    filesMessage: messages.answerFiles,
    tooLargeMessage: messages.requestTooLarge,
    tooManyMessage: messages.tooManyFiles,
  },
};

/** The OpenAPI description of a multipart upload (the route reads the body itself). */
function multipart(
  fields: Record<string, string>,
  files: { name: string; max: number },
  optional: readonly string[] = [],
): OpenAPIV3.RequestBodyObject {
  const file: OpenAPIV3.SchemaObject = { type: "string", format: "binary", description: "PDF, JPEG or PNG (by content), at most 5 MB" };
  const properties: Record<string, OpenAPIV3.SchemaObject> = {};
  for (const [name, description] of Object.entries(fields)) properties[name] = { type: "string", description };
  properties[files.name] = files.max === 1 ? file : { type: "array", items: file, maxItems: files.max };
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: [...Object.keys(fields).filter((name) => !optional.includes(name)), ...(files.max === 1 ? [files.name] : [])],
          properties,
        },
      },
    },
  };
}
const attestation = 'The employee\'s attestation: "true"';

/** The answers of an upload route. */
const uploadAnswers = <T extends TSchema>(ok: T, status: 200 | 201) => answers({ [status]: ok }, 400, 401, 403, 404, 409, 413, 429);

const DocumentQuery = Type.Object({
  inline: Type.Optional(Type.Literal("1", { description: "1: shown in the review screen (inline, sandboxed) rather than downloaded" })),
});

const documentAnswer: OpenAPIV3.ResponsesObject = {
  200: {
    description: "The document's bytes (PDF, JPEG or PNG)",
    content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
  },
};

export const reimbursementRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  const dir = documentsDirFor(config.databasePath);
  const origin = () => siteOrigin(config);
  const employee = (session: Session | null) => signedInEmployee(db, session);
  const uploadLimit = rateLimitPerAccount<{ session: Session | null }>({
    routes: ["POST /api/benefits/coverage-proof", "POST /api/benefits/claims", "POST /api/benefits/claims/:id/info"],
    windows: perMinuteAndDay(config.uploadsPerMinute, config.uploadsPerDay),
    key: ({ session }) => (session?.kind === "employee" && session.employeeId !== null ? `employee:${session.employeeId}` : null),
  });
  // Each opting out and each taking back emails the employer: a few a day are all anyone needs.
  const optOutLimit = rateLimitPerAccount<{ session: Session | null }>({
    routes: ["POST /api/benefits/opt-out", "DELETE /api/benefits/opt-out"],
    windows: perMinuteAndDay(OPT_OUTS_PER_MINUTE, OPT_OUTS_PER_DAY),
    key: ({ session }) => (session?.kind === "employee" && session.employeeId !== null ? `employee:${session.employeeId}` : null),
  });
  /**
   * A route that stores what the employee uploads: the form read as it streams, then
   * `submit`; 201. Its today is the employee's (`tz`, as their home asks with), when the
   * upload started: a month's claims close at the end of its run-out's last day where they are.
   */
  const submitted =
    <T>(rules: UploadRules, submit: (db: AppDeps["db"], context: EmployeeContext, upload: Upload, today: string) => Promise<T>) =>
    async ({
      session,
      request,
      set,
      query,
    }: {
      session: Session | null;
      request: Request;
      set: { status?: number | string };
      query: Static<typeof TimeZoneQuery>;
    }) => {
      const context = await employee(session);
      const today = todayInQueryZone(query.tz);
      const upload = await readUpload(request, dir, rules);
      set.status = 201;
      return submit(db, context, upload, today);
    };

  /** The employee's home on their day, with whom they write to. */
  const homeOf = (context: EmployeeContext, today: string) => benefitsHome(db, context, today, administratorOf(config));
  /** Runs `change` for the signed-in employee on their day (`tz`), then answers their home as it now is, read again. */
  const changedHome = async (
    session: Session | null,
    tz: string | undefined,
    change: (context: EmployeeContext, today: string) => Promise<void>,
  ) => {
    const context = await employee(session);
    const today = todayInQueryZone(tz);
    await change(context, today);
    // Read again: the change is in it (and one removed meanwhile is 401, not a failure).
    return homeOf(await employee(session), today);
  };

  const benefits = new Elysia({ prefix: "/api/benefits" })
    .use(sessionPlugin(deps))
    .use(uploadLimit)
    .use(optOutLimit)
    .get("", async ({ session, query }) => homeOf(await employee(session), todayInQueryZone(query.tz)), {
      query: TimeZoneQuery,
      response: answers({ 200: BenefitsHome }, 400, 401, 403),
      detail: {
        summary: "The employee's home: this month's allowance, the balance, the proof of coverage, the claims and what to do next",
        description: "`tz`: the employee's IANA time zone (the browser's), so this month is theirs; UTC when absent, 400 when unknown.",
        tags,
      },
    })
    .get(
      "/notice",
      async ({ session }) => {
        const context = await employee(session);
        return employeeOwnNotice(
          db,
          administratorOf(config),
          { enrollment: context.enrollment, business: context.business },
          context.profile.id,
        );
      },
      {
        response: answers({ 200: NoticeView }, 401, 403, 409),
        detail: {
          summary: "The employee's own ICHRA notice, as their invitation's link opens it",
          description: "409 when the employee's class no longer exists (the employer renamed or removed it).",
          tags,
        },
      },
    )
    .post(
      "/opt-out",
      ({ session, query, body }) =>
        changedHome(session, query.tz, (context, today) =>
          optOut(db, context, {
            statedFrom: body.waivedFrom,
            origin: origin(),
            contactEmail: config.contactEmail,
            contactPhone: config.contactPhone,
            today,
          }),
        ),
      {
        transform: (context) => void employeeSessionFirst(context),
        body: OptOutPayload,
        query: TimeZoneQuery,
        response: answers({ 200: BenefitsHome }, 400, 401, 403, 409, 429),
        detail: {
          summary: "Opt out of the ICHRA and waive its reimbursements (body { waive: true, waivedFrom: 'YYYY-MM' })",
          description:
            "`tz`: the employee's IANA time zone. The month under way stays theirs, and so does every month already claimed (not denied) or already counted in the ledger: the waiver starts with the month after the latest of these, and nothing accrues, is claimed or is approved from it. Approved amounts are still paid. `waivedFrom` is the month the form stated (the home's `optOutFrom`): 409 naming the new one if it has moved since. The employee and the employer are emailed. Answers the home as it now is; 409 when they had already opted out, or when the employment ends first.",
          tags,
        },
      },
    )
    .delete(
      "/opt-out",
      ({ session, query }) => changedHome(session, query.tz, (context, today) => takeBackOptOut(db, context, { today })),
      {
        transform: (context) => void employeeSessionFirst(context),
        // Nothing is read from a body here: none is parsed.
        parse: ownBody,
        query: TimeZoneQuery,
        response: answers({ 200: BenefitsHome }, 400, 401, 403, 409, 429),
        detail: {
          summary: "Take back an opting out before its first month starts",
          description:
            "`tz`: the employee's IANA time zone, whose month says whether the waiver has started. The employee and the employer are emailed. Answers the home as it now is; 409 when there is no opting out, or once its first month has started.",
          tags,
        },
      },
    )
    .post("/coverage-proof", submitted(uploads.proof, submitProof), {
      parse: ownBody,
      query: TimeZoneQuery,
      response: uploadAnswers(ProofView, 201),
      detail: {
        summary:
          "Send proof of coverage for a plan year (multipart: file, carrier, coverageStart, coveredPeople, attestation, optional planYearStart)",
        description:
          "`tz`: the employee's IANA time zone, whose today says which plan years are open (UTC when absent, 400 when unknown). One pending or approved proof per plan year (409 otherwise); a new one after a rejection. The plan year is the open one starting on planYearStart (during the run-out, the previous one too; from 90 days before the next one starts, the next one), which the coverage must have begun by the end of; without it, the open or next one containing coverageStart's month, and coverage that began before every open plan year proves the current one. 413 for a body declared over 5 MB and its envelope; 429 past UPLOADS_PER_MINUTE / UPLOADS_PER_DAY uploads of the employee.",
        tags,
        requestBody: multipart(
          {
            planYearStart: "YYYY-MM-DD, optional: the start of the open (or next) plan year this proof is for",
            carrier: "Insurance company or the Marketplace",
            coverageStart: "YYYY-MM-DD",
            coveredPeople: "Who the coverage is for",
            attestation,
          },
          { name: "file", max: 1 },
          ["planYearStart"],
        ),
      },
    })
    .get("/coverage-proofs", async ({ session }) => listProofs(db, (await employee(session)).profile.id), {
      response: answers({ 200: Type.Array(ProofView) }, 401, 403),
      detail: { summary: "Every proof of coverage the employee sent, newest first", tags },
    })
    .post("/claims", submitted(uploads.claim, submitClaim), {
      parse: ownBody,
      query: TimeZoneQuery,
      response: uploadAnswers(ClaimView, 201),
      detail: {
        summary: "Claim a month's premium (multipart: month, amount, carrier, coveredPeople, files (1–5), attestation)",
        description:
          "`tz`: the employee's IANA time zone, whose today says which plan years are open (UTC when absent, 400 when unknown). 400 names the field: a month outside the open plan years or before the proof's coverage start, no attestation, a file that is not a PDF, JPEG or PNG by its content or is over 5 MB, or not 1–5 files. 409 when the month already has a claim that was not denied. 413 for a body declared over 25 MB and its envelope.",
        tags,
        requestBody: multipart(
          {
            month: "YYYY-MM, the month of coverage",
            amount: "Dollars paid, more than 0, at most two decimals",
            carrier: "Insurance company or the Marketplace",
            coveredPeople: "Who the coverage is for",
            attestation,
          },
          { name: "files", max: MAX_CLAIM_FILES },
        ),
      },
    })
    .get(
      "/claims",
      async ({ session, query, set }) => sendPage(await listClaims(db, (await employee(session)).profile.id, idPageQuery(query)), set),
      {
        query: PageQuery,
        response: answers({ 200: ClaimList }, 401, 403),
        detail: { ...newestFirstList("The employee's claims, newest first", tags) },
      },
    )
    .get("/claims/:id", async ({ session, params }) => ownClaimView(db, await employee(session), Number(params.id)), {
      params: IdParams,
      response: answers({ 200: ClaimView }, 401, 403, 404),
      detail: { summary: "One of the employee's claims", tags },
    })
    .post(
      "/claims/:id/info",
      async ({ session, params, request }) => {
        const context = await employee(session);
        await ownClaim(db, context, Number(params.id));
        const upload = await readUpload(request, dir, uploads.answer);
        return answerClaim(db, context, Number(params.id), upload);
      },
      {
        parse: ownBody,
        params: IdParams,
        response: uploadAnswers(ClaimView, 200),
        detail: {
          summary: "Answer a claim that needs more information (multipart: note and/or files); it goes back to review",
          description: "409 unless the claim is waiting for information.",
          tags,
          requestBody: multipart({ note: "The answer, at most 5,000 characters" }, { name: "files", max: MAX_CLAIM_FILES }, ["note"]),
        },
      },
    )
    .get(
      "/ledger",
      async ({ session, query }) => {
        const context = await employee(session);
        return employeeLedger(db, context, query.planYear, todayInQueryZone(query.tz));
      },
      {
        query: LedgerQuery,
        response: answers({ 200: Ledger }, 400, 401, 403, 404),
        detail: { summary: "The employee's plan-year ledger: allowances, approvals, payments and the balance after each", tags },
      },
    )
    .get(
      "/documents/:id",
      async ({ session, params, set }) => {
        const context = await employee(session);
        return sendDocument(await documentRow(db, Number(params.id), context.profile.id), false, set);
      },
      {
        params: IdParams,
        detail: {
          summary: "A document the employee sent, as an attachment",
          tags,
          responses: {
            ...documentAnswer,
            403: { description: "An employer's or admin's session (admins read documents at /api/admin/documents/{id})" },
          },
        },
      },
    );

  async function sendDocument(row: Awaited<ReturnType<typeof documentRow>>, inline: boolean, set: { headers: Record<string, unknown> }) {
    const file = row ? Bun.file(documentPath(dir, row.storedName)) : null;
    if (!row || !file || !(await file.exists())) throw notFound("Document not found.");
    Object.assign(set.headers, documentHeaders(row, inline));
    return new Response(file);
  }

  /** Any document, for an admin: an attachment, or inline for the review screen. */
  const adminDocument = async ({
    params,
    query,
    set,
  }: {
    params: { id: string };
    query: { inline?: "1" };
    set: { headers: Record<string, unknown> };
  }) => sendDocument(await documentRow(db, Number(params.id)), query.inline === "1", set);

  const admin = new Elysia({ prefix: "/api/admin" })
    .use(adminOnly(deps))
    .get("/review-queue", async ({ query, set }) => sendPage(await reviewQueue(db, query), set), {
      query: ReviewQueueQuery,
      response: { 200: ReviewQueue },
      detail: {
        summary: "Proofs of coverage and claims to review, oldest first",
        description:
          "status (default awaiting-review: claims submitted and proofs pending), kind (claim or proof) and businessId filter it; 50 a page by default (`limit` up to 500), X-Total-Count the matches, X-Next-Cursor the next page's `cursor`.",
        tags: adminTags,
        ...pagedList("counted"),
      },
    })
    .get("/review-employers", () => reviewEmployers(db), {
      response: { 200: ReviewEmployers },
      detail: { summary: "Every employer with a proof or a claim, by name: the review queue's employer filter", tags: adminTags },
    })
    .get("/claims/:id", async ({ params }) => adminClaim(db, await claimById(db, Number(params.id)), todayUtc()), {
      params: IdParams,
      response: { 200: AdminClaim },
      detail: {
        summary: "A claim with its employee, documents, history, the plan year's proof and what is available for its month",
        tags: adminTags,
      },
    })
    .post(
      "/claims/:id/decision",
      ({ params, body, admin }) =>
        decideClaim(db, Number(params.id), body, admin, { origin: origin(), appealsTo: config.contactEmail, today: todayUtc() }),
      {
        params: IdParams,
        body: ClaimDecisionPayload,
        response: answers({ 200: AdminClaim }, 409),
        detail: {
          summary: "Approve (in full or approvedAmount), deny or ask for more information; emails the employee",
          description:
            "reason is required unless approving in full. 409: the plan year's proof of coverage is not approved yet, the amount is over what is available for the month (the answer's `available`), or the claim was already decided or paid, or its status is no longer `seenStatus` (optional: the status the reviewer saw, submitted or needs-info). Denying an approved, unpaid claim reverses its approval.",
          tags: adminTags,
        },
      },
    )
    .get("/coverage-proofs/:id", async ({ params }) => adminProof(db, await proofById(db, Number(params.id))), {
      params: IdParams,
      response: { 200: AdminProof },
      detail: { summary: "A proof of coverage with its employee and document", tags: adminTags },
    })
    .post(
      "/coverage-proofs/:id/decision",
      ({ params, body, admin }) => decideProof(db, Number(params.id), body, admin, { origin: origin(), appealsTo: config.contactEmail }),
      {
        params: IdParams,
        body: ProofDecisionPayload,
        response: answers({ 200: AdminProof }, 409),
        detail: { summary: "Approve or reject (with a reason) a pending proof of coverage; emails the employee", tags: adminTags },
      },
    )
    .get("/documents/:id", adminDocument, {
      params: IdParams,
      query: DocumentQuery,
      detail: { summary: "A document an employee sent", tags: adminTags, responses: documentAnswer },
    })
    .get(
      "/documents/:id/:name",
      // The same document under its file name: a browser's PDF viewer titles a page by the
      // address's last part, so the review screen's frame shows the name, not the id.
      adminDocument,
      {
        params: Type.Composite([IdParams, Type.Object({ name: Type.String({ maxLength: 255 }) })]),
        query: DocumentQuery,
        detail: {
          summary: "A document an employee sent, at an address ending in its file name (which is not read)",
          tags: adminTags,
          responses: documentAnswer,
        },
      },
    )
    .get(
      "/employees/:employeeId/ledger",
      async ({ params, query }) => {
        const context = found(await contextOfEmployee(db, Number(params.employeeId)), "Employee not found.");
        return employeeLedger(db, context, query.planYear, todayInQueryZone(query.tz));
      },
      {
        params: EmployeeLedgerParams,
        query: LedgerQuery,
        response: { 200: Ledger },
        detail: { summary: "An employee's plan-year ledger", tags: adminTags },
      },
    );

  const payroll = new Elysia({ prefix: "/api/enrollment" })
    .use(sessionPlugin(deps))
    .get(
      "/:enrollmentId/reimbursements",
      async ({ session, params }) => reimbursementTotals(db, await accessEnrollment(db, session, Number(params.enrollmentId))),
      {
        params: EnrollmentParams,
        response: guarded(EnrollmentReimbursements),
        detail: { summary: "Each registered employee's approved-unpaid and paid totals (no claim details)", tags: payrollTags },
      },
    )
    .post(
      "/:enrollmentId/payroll-runs",
      async ({ session, params, body, set }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        const who = session?.kind === "admin" ? `admin ${session.userId}` : `employer ${session?.userId}`;
        set.status = 201;
        return createPayrollRun(db, owned, body, who);
      },
      {
        transform: enrollmentAccessFirst(db),
        params: EnrollmentParams,
        body: PayrollRunPayload,
        response: answers({ 201: PayrollRun }, 400, 401, 403, 404, 409),
        detail: {
          summary:
            "Run payroll: every approved amount not yet paid, decided by the end of `through` in `timeZone` (UTC when absent), is marked paid",
          description:
            "Whatever month an amount is for: a premium paid ahead is reimbursed once approved. 409 when there is nothing to pay (saying why), so a second run never pays anything twice, and when `expectedTotal` (the preview's total the employer confirmed) is not what the run would pay (saying what it would); 400 for a date in the future there, or an unknown time zone.",
          tags: payrollTags,
        },
      },
    )
    .get(
      "/:enrollmentId/payroll-runs/preview",
      async ({ session, params, query }) => previewPayrollRun(db, await accessEnrollment(db, session, Number(params.enrollmentId)), query),
      {
        transform: enrollmentAccessFirst(db),
        params: EnrollmentParams,
        query: PayrollPreviewQuery,
        response: answers({ 200: PayrollPreview }, 400, 401, 403, 404),
        detail: {
          summary: "What a payroll run through `through` (in `timeZone`, UTC when absent) would pay now, asked before confirming one",
          description:
            "The total and how many employees it pays; with nothing to pay, `nothingToPay` says why a run would be refused. Send the total back as the run's `expectedTotal`, so a run whose amount changed after the question is refused instead of paying what was not confirmed.",
          tags: payrollTags,
        },
      },
    )
    .get(
      "/:enrollmentId/payroll-runs",
      async ({ session, params }) => listPayrollRuns(db, (await accessEnrollment(db, session, Number(params.enrollmentId))).enrollment.id),
      {
        params: EnrollmentParams,
        response: guarded(PayrollRunList),
        detail: { summary: "The enrollment's payroll runs, newest first", tags: payrollTags },
      },
    )
    .get(
      "/:enrollmentId/payroll-runs/:run",
      async ({ session, params, set }) => {
        const { enrollment } = await accessEnrollment(db, session, Number(params.enrollmentId));
        if (!params.run.endsWith(".csv")) throw notFound("Payroll run not found.");
        const { stream, fileName } = await payrollRunCsv(db, enrollment.id, Number.parseInt(params.run, 10));
        set.headers["content-type"] = "text/csv; charset=utf-8";
        set.headers["content-disposition"] = `attachment; filename="${fileName}"`;
        set.headers["cache-control"] = "no-store";
        return new Response(stream);
      },
      {
        params: PayrollRunParams,
        detail: {
          summary: "A payroll run's CSV (`{run}` is the run's id followed by .csv), streamed",
          description:
            "Employee, Email, Amount (dollars, two decimals), Months (2027-01; 2027-02), Earning Type (Non-taxable ICHRA reimbursement); UTF-8.",
          tags: payrollTags,
          responses: { 200: { description: "The CSV file (UTF-8, RFC 4180)", content: { "text/csv": { schema: { type: "string" } } } } },
        },
      },
    );

  return new Elysia().use(benefits).use(admin).use(payroll);
};
