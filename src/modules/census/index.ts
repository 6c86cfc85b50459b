import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { answers, guarded, guardedWithConflict } from "../../http/answers";
import { badRequest, HttpError } from "../../http/errors";
import { ownBody, readCapped } from "../../http/json-body";
import { localToday } from "../../lib/date-rules";
import { sessionPlugin } from "../auth/plugin";
import { accessEnrollment } from "../businesses/access";
import { EnrollmentParams } from "../enrollments/model";
import {
  CENSUS_MAX_BYTES,
  CensusSummary,
  CensusUploadAnswer,
  NO_FILE_MESSAGE,
  ONE_FILE_MESSAGE,
  TemplateQuery,
  TOO_LARGE_MESSAGE,
} from "./model";
import { censusSummary, censusTemplateCsv, skipCensus, uploadCensus } from "./service";

const tags = ["Census"];
const tooLarge = () => new HttpError(413, TOO_LARGE_MESSAGE, { file: TOO_LARGE_MESSAGE });
/** Room for the multipart boundaries and headers around a 5 MB file. */
const multipartOverhead = 64 * 1024;

/**
 * The uploaded file from a multipart body, refusing an oversized body before reading it, or
 * as soon as a body streamed without a length passes the cap.
 */
async function uploadedFile(request: Request): Promise<File> {
  const contentType = request.headers.get("content-type") ?? "";
  if (Number(request.headers.get("content-length") ?? 0) > CENSUS_MAX_BYTES + multipartOverhead) throw tooLarge();
  if (!contentType.includes("multipart/form-data")) throw badRequest(NO_FILE_MESSAGE, { file: NO_FILE_MESSAGE });
  const body = await readCapped(request, CENSUS_MAX_BYTES + multipartOverhead, tooLarge);
  const form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } })
    .formData()
    .catch(() => null);
  if (!form) throw badRequest(NO_FILE_MESSAGE, { file: NO_FILE_MESSAGE });
  // Two files are not one census: which to take would be a guess.
  if (form.getAll("file").length > 1) throw badRequest(ONE_FILE_MESSAGE, { file: ONE_FILE_MESSAGE });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw badRequest(NO_FILE_MESSAGE, { file: NO_FILE_MESSAGE });
  if (file.size > CENSUS_MAX_BYTES) throw tooLarge();
  return file;
}

export const censusRoutes = (deps: AppDeps) => {
  const { db } = deps;
  return new Elysia({ prefix: "/api" })
    .use(sessionPlugin(deps))
    .get(
      "/census/template.csv",
      ({ set, query }) => {
        set.headers["content-type"] = "text/csv; charset=utf-8";
        set.headers["content-disposition"] = 'attachment; filename="employee-census-template.csv"';
        return censusTemplateCsv(query.classes?.split("\n") ?? []);
      },
      {
        query: TemplateQuery,
        response: answers({}, 400),
        detail: {
          responses: { 200: { description: "The CSV file (UTF-8, RFC 4180)", content: { "text/csv": { schema: { type: "string" } } } } },
          summary: "The employee census template (CSV)",
          description: "`classes`: the employer's class names, one a line, used in the example rows; Full-time and Part-time without.",
          tags,
        },
      },
    )
    .post(
      "/enrollment/:enrollmentId/census",
      async ({ params, session, request }) => {
        // Access first: nobody uploads into an enrollment they cannot see.
        const { enrollment, business } = await accessEnrollment(db, session, Number(params.enrollmentId));
        const file = await uploadedFile(request);
        const bytes = new Uint8Array(await file.arrayBuffer());
        return uploadCensus(db, enrollment, { name: file.name, bytes }, localToday(), business.zip);
      },
      {
        parse: ownBody,
        params: EnrollmentParams,
        response: answers({ 200: CensusUploadAnswer }, 400, 401, 403, 404, 409, 413),
        detail: {
          summary:
            "Upload the employee census (multipart field `file`: CSV, XLS or XLSX, up to 5 MB and 5,000 rows); it replaces the previous one, and after submitting is accepted only until an invitation or notice has gone out",
          tags,
        },
      },
    )
    .get(
      "/enrollment/:enrollmentId/census",
      async ({ params, session }) => censusSummary(db, (await accessEnrollment(db, session, Number(params.enrollmentId))).enrollment),
      {
        params: EnrollmentParams,
        response: guarded(CensusSummary),
        detail: { summary: "How many employees the census holds, per class", tags },
      },
    )
    .put(
      "/enrollment/:enrollmentId/census/skip",
      async ({ params, session }) => skipCensus(db, (await accessEnrollment(db, session, Number(params.enrollmentId))).enrollment),
      { params: EnrollmentParams, response: guardedWithConflict(CensusSummary), detail: { summary: "Skip the census for now", tags } },
    );
};
