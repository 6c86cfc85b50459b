import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { answers, guarded, guardedWithConflict } from "../../http/answers";
import { newestFirstList } from "../../http/api-docs";
import { noBodyIsEmpty } from "../../http/json-body";
import { siteOrigin } from "../../http/origin";
import { idPageQuery, sendPage } from "../../http/pagination";
import { PageQuery } from "../../lib/pages";
import { IdParams } from "../../lib/schema-fields";
import { adminOnly } from "../admin/guard";
import { sessionPlugin } from "../auth/plugin";
import { accessEnrollment, enrollmentAccessFirst } from "../businesses/access";
import {
  ApprovePayload,
  EffectiveDatePayload,
  EmployeeClassesPayload,
  EnrollmentMoved,
  EnrollmentParams,
  EnrollmentRead,
  EnrollmentReviewList,
  FinalizePayload,
} from "./model";
import { listForReview, moveEnrollment } from "./review";
import { finalizeEnrollment, readEnrollment, saveClasses, setEffectiveDate } from "./service";

const tags = ["Enrollments"];
const adminTags = ["Admin"];

export const enrollmentRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  const load = (session: Parameters<typeof accessEnrollment>[1], id: string) => accessEnrollment(db, session, Number(id));
  return new Elysia({ prefix: "/api" })
    .use(sessionPlugin(deps))
    .get(
      "/enrollment/:enrollmentId",
      async ({ params, session }) => readEnrollment(db, (await load(session, params.enrollmentId)).enrollment),
      {
        params: EnrollmentParams,
        response: guarded(EnrollmentRead),
        detail: { summary: "An enrollment with its plan, classes (and census headcounts) and business", tags },
      },
    )
    .put(
      "/enrollment/:enrollmentId/classes",
      async ({ params, body, session }) => {
        const { enrollment, business } = await load(session, params.enrollmentId);
        return saveClasses(db, enrollment, business, body);
      },
      {
        transform: enrollmentAccessFirst(db),
        params: EnrollmentParams,
        body: EmployeeClassesPayload,
        response: guardedWithConflict(EnrollmentRead),
        detail: { summary: "Replace the employee classes", tags },
      },
    )
    .put(
      "/enrollment/:enrollmentId/effective-date",
      async ({ params, body, session }) => {
        const { enrollment } = await load(session, params.enrollmentId);
        return setEffectiveDate(db, enrollment, body.effectiveDate);
      },
      {
        transform: enrollmentAccessFirst(db),
        params: EnrollmentParams,
        body: EffectiveDatePayload,
        response: guardedWithConflict(EnrollmentRead),
        detail: { summary: "Save the effective date step", tags },
      },
    )
    .put(
      "/enrollment/:enrollmentId/finalize",
      async ({ params, body, session, request }) => {
        const { enrollment, business } = await load(session, params.enrollmentId);
        return finalizeEnrollment(db, enrollment, business, body, siteOrigin(config, request));
      },
      {
        transform: [enrollmentAccessFirst(db), noBodyIsEmpty],
        params: EnrollmentParams,
        body: FinalizePayload,
        response: guardedWithConflict(EnrollmentRead),
        detail: { summary: "Submit the enrollment for review; emails the primary contact", tags },
      },
    )
    .group("/admin/enrollments", (admin) =>
      admin
        .use(adminOnly(deps))
        .get("", async ({ query, set }) => sendPage(await listForReview(db, idPageQuery(query)), set), {
          query: PageQuery,
          response: { 200: EnrollmentReviewList },
          detail: newestFirstList("Enrollments, newest first", adminTags),
        })
        .post(
          "/:id/approve",
          ({ params, request, body, admin }) =>
            moveEnrollment(db, Number(params.id), "approve", {
              origin: siteOrigin(config, request),
              actor: admin.username,
              classSizeReason: body.classSizeReason,
            }),
          {
            transform: noBodyIsEmpty,
            params: IdParams,
            body: ApprovePayload,
            response: answers({ 200: EnrollmentMoved }, 409),
            detail: {
              summary: "Approve a pending enrollment and email its primary contact (409 otherwise)",
              description:
                "While the census leaves a class under the minimum class size (26 CFR 54.9802-4(d)(3)), 409 naming each class, unless `classSizeReason` gives the reason, which is recorded with who approved and when.",
              tags: adminTags,
            },
          },
        )
        .post(
          "/:id/activate",
          ({ params, request, admin }) =>
            moveEnrollment(db, Number(params.id), "activate", { origin: siteOrigin(config, request), actor: admin.username }),
          {
            params: IdParams,
            response: answers({ 200: EnrollmentMoved }, 409),
            detail: { summary: "Activate an approved enrollment and email its primary contact (409 otherwise)", tags: adminTags },
          },
        ),
    );
};
