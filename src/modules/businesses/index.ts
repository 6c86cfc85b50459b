import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { answers, guarded, guardedWithConflict } from "../../http/answers";
import { found } from "../../http/errors";
import { siteOrigin } from "../../http/origin";
import { perMinuteAndDay, rateLimit } from "../../http/rate-limit";
import { requestLoginLink } from "../auth/login-links";
import { requireSession, sessionPlugin } from "../auth/plugin";
import { EnrollmentList, PlanSelection, PlanSelectionAnswer } from "../enrollments/model";
import { listEnrollments, selectPlan } from "../enrollments/service";
import { accessBusiness, businessAccessFirst } from "./access";
import {
  BusinessParams,
  BusinessRead,
  CompanyRegistration,
  CompanyUpdate,
  DuplicateEmailAnswer,
  MyBusiness,
  RegistrationAnswer,
} from "./model";
import { myBusiness } from "./resume";
import { duplicateEmail, EmailTaken, readBusiness, registerBusiness, updateCompany } from "./service";

const tags = ["Businesses"];

export const businessRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  return new Elysia({ prefix: "/api/business" })
    .use(sessionPlugin(deps))
    .use(
      rateLimit(
        {
          method: "POST",
          path: "/api/business/register",
          key: "ip",
          // Registering creates an account and a session: an honest employer needs a few tries at most.
          windows: perMinuteAndDay(config.registrationsPerMinute, config.registrationsPerDay),
          exemptUnaddressed: true,
        },
        config.trustProxy,
      ),
    )
    .post(
      "/register",
      async ({ body, request, startSession, set }) => {
        let registered: { businessId: number; userId: number };
        try {
          registered = registerBusiness(db, body);
        } catch (error) {
          if (!(error instanceof EmailTaken)) throw error;
          // Registration says the address has an account (docs/decisions/018); its inbox gets
          // a sign-in link, so whoever forgot is let in and an owner learns of the attempt.
          await requestLoginLink(db, body.email, siteOrigin(config, request));
          throw duplicateEmail();
        }
        const { businessId, userId } = registered;
        await startSession(userId, "owner");
        set.status = 201;
        return { businessId };
      },
      {
        body: CompanyRegistration,
        response: answers({ 201: RegistrationAnswer, 409: DuplicateEmailAnswer }, 400, 429),
        detail: {
          summary:
            "Register a company and its primary contact; signs the contact in. 409 when the email has an account, which is also emailed a sign-in link (429 with Retry-After past the per-address limit)",
          tags,
        },
      },
    )
    .get(
      "/mine",
      async ({ session }) => {
        const who = requireSession(session, "owner", "admin", "employee");
        // Only an owner has a business; another session has none to resume, and the wizard starts afresh.
        return found(who.kind === "owner" ? await myBusiness(db, who.userId!) : null, "You have no registered business yet.");
      },
      {
        response: answers({ 200: MyBusiness }, 401, 404),
        detail: { summary: "The signed-in owner's business and wizard progress", tags },
      },
    )
    .get("/:businessId", async ({ params, session }) => readBusiness(db, await accessBusiness(db, session, Number(params.businessId))), {
      params: BusinessParams,
      response: guarded(BusinessRead),
      detail: { summary: "A business with its primary contact", tags },
    })
    .put(
      "/:businessId",
      async ({ params, body, session }) => {
        const business = await accessBusiness(db, session, Number(params.businessId));
        return readBusiness(db, await updateCompany(db, business, body));
      },
      {
        transform: businessAccessFirst(db),
        params: BusinessParams,
        body: CompanyUpdate,
        response: guardedWithConflict(BusinessRead),
        detail: {
          summary:
            "Correct the company's details and its primary contact's name and phone (the email is the sign-in address and stays); 409 once an enrollment was submitted",
          tags,
        },
      },
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
        const answer = await selectPlan(db, business, body);
        set.status = 201;
        return answer;
      },
      {
        transform: businessAccessFirst(db),
        params: BusinessParams,
        body: PlanSelection,
        response: answers({ 201: PlanSelectionAnswer }, 400, 401, 403, 404),
        detail: { summary: "Choose the plan, effective date and budget (resumes an unfinished enrollment)", tags },
      },
    );
};
