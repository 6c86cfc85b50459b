import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { requireSession, sessionPlugin } from "../auth/plugin";
import { PlanSelection, PlanSelectionAnswer, EnrollmentList } from "../enrollments/model";
import { listEnrollments, selectPlan } from "../enrollments/service";
import { accessBusiness } from "./access";
import {
  BusinessParams,
  BusinessRead,
  CompanyRegistration,
  DuplicateEmailAnswer,
  ErrorAnswer,
  MessageAnswer,
  MyBusiness,
  RegistrationAnswer,
  guarded,
} from "./model";
import { myBusiness, readBusiness, registerBusiness } from "./service";

const tags = ["Businesses"];

export const businessRoutes = (deps: AppDeps) => {
  const { db } = deps;
  return new Elysia({ prefix: "/api/business" })
    .use(sessionPlugin(deps))
    .post(
      "/register",
      async ({ body, startSession, set }) => {
        const { businessId, userId } = registerBusiness(db, body);
        await startSession(userId, "owner");
        set.status = 201;
        return { businessId };
      },
      {
        body: CompanyRegistration,
        response: { 201: RegistrationAnswer, 400: ErrorAnswer, 409: DuplicateEmailAnswer },
        detail: { summary: "Register a company and its primary contact; signs the contact in", tags },
      },
    )
    .get(
      "/mine",
      async ({ session }) => {
        const who = requireSession(session, "owner");
        const mine = await myBusiness(db, who.userId!);
        if (!mine) throw notFound("You have no registered business yet.");
        return mine;
      },
      { response: { 200: MyBusiness, 401: MessageAnswer, 404: MessageAnswer }, detail: { summary: "The signed-in owner's business and wizard progress", tags } },
    )
    .get(
      "/:businessId",
      async ({ params, session }) => readBusiness(db, await accessBusiness(db, session, Number(params.businessId))),
      { params: BusinessParams, response: guarded(BusinessRead), detail: { summary: "A business with its primary contact", tags } },
    )
    .get(
      "/:businessId/enrollments",
      async ({ params, session }) => {
        const business = await accessBusiness(db, session, Number(params.businessId));
        return listEnrollments(db, business.id);
      },
      { params: BusinessParams, response: guarded(EnrollmentList), detail: { summary: "A business's enrollments, newest first", tags } },
    )
    .post(
      "/:businessId/plan",
      async ({ params, body, session, set }) => {
        const business = await accessBusiness(db, session, Number(params.businessId));
        set.status = 201;
        return selectPlan(db, business, body);
      },
      {
        params: BusinessParams,
        body: PlanSelection,
        response: { 201: PlanSelectionAnswer, 400: ErrorAnswer, 401: MessageAnswer, 404: MessageAnswer },
        detail: { summary: "Choose the plan, effective date and budget (resumes an unfinished enrollment)", tags },
      },
    );
};
