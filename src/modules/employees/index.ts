// Employee invitations (owner or admin) and the employee's own registration (by invite).
import { Elysia } from "elysia";
import { loadDataKey } from "../../data-key";
import type { AppDeps } from "../../deps";
import { ErrorAnswer, MessageAnswer } from "../../http/answers";
import { siteOrigin } from "../../http/origin";
import { sessionPlugin } from "../auth/plugin";
import type { OwnedEnrollment } from "../businesses/access";
import { accessEnrollment } from "../businesses/access";
import { EnrollmentParams } from "../enrollments/model";
import { inviteAllNotYetInvited, inviteOne, revokeInvite } from "./invites";
import {
  ClassNoticeParams,
  EmployeeList,
  EmployeeParams,
  InviteQuery,
  NewEmployee,
  NoticesSent,
  NoticeView,
  RegistrationSave,
  RegistrationView,
  SendResult,
} from "./model";
import { addNewlyEligible } from "./newly-eligible";
import { administratorOf, classNotice, openNotice, sendNotices } from "./notice";
import { listEmployees, openRegistration, saveRegistration } from "./service";

export const employeesRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  const key = loadDataKey(config);
  const administrator = administratorOf(config);
  const baseUrlOf = (request: Request) => siteOrigin(config, request);
  const answerList = async (owned: OwnedEnrollment) => ({
    enrollmentId: owned.enrollment.id,
    employees: await listEmployees(db, owned),
  });

  return new Elysia({ prefix: "/api" })
    .use(sessionPlugin(deps))
    .get(
      "/enrollment/:enrollmentId/employees",
      async ({ params, session }) => answerList(await accessEnrollment(db, session, Number(params.enrollmentId))),
      {
        params: EnrollmentParams,
        response: { 200: EmployeeList, 401: MessageAnswer, 404: MessageAnswer },
        detail: { summary: "The enrollment's employees with class, invite status and registration", tags: ["Employees"] },
      },
    )
    .post(
      "/enrollment/:enrollmentId/invitations",
      async ({ params, session, request }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        const sent = await inviteAllNotYetInvited(db, owned, baseUrlOf(request), administrator);
        return { sent, employees: await listEmployees(db, owned) };
      },
      {
        params: EnrollmentParams,
        response: { 200: SendResult, 401: MessageAnswer, 404: MessageAnswer, 409: MessageAnswer },
        detail: { summary: "Invite every employee not yet invited", tags: ["Employees"] },
      },
    )
    .post(
      "/enrollment/:enrollmentId/employees/:employeeId/invitation",
      async ({ params, session, request }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        await inviteOne(db, owned, Number(params.employeeId), baseUrlOf(request), administrator);
        return { sent: 1, employees: await listEmployees(db, owned) };
      },
      {
        params: EmployeeParams,
        response: { 200: SendResult, 401: MessageAnswer, 404: MessageAnswer, 409: MessageAnswer },
        detail: { summary: "Send or resend one employee's invitation (a new link; the old one stops working)", tags: ["Employees"] },
      },
    )
    .delete(
      "/enrollment/:enrollmentId/employees/:employeeId/invitation",
      async ({ params, session }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        await revokeInvite(db, owned.enrollment.id, Number(params.employeeId));
        return answerList(owned);
      },
      {
        params: EmployeeParams,
        response: { 200: EmployeeList, 401: MessageAnswer, 404: MessageAnswer, 409: MessageAnswer },
        detail: { summary: "Revoke one employee's invitation", tags: ["Employees"] },
      },
    )
    .get(
      "/employee-registration/:enrollmentId",
      ({ params, query }) => openRegistration(db, key, Number(params.enrollmentId), query.invite),
      {
        params: EnrollmentParams,
        query: InviteQuery,
        response: { 200: RegistrationView, 404: MessageAnswer },
        detail: { summary: "Open a registration through a personal invite", tags: ["Employee registration"] },
      },
    )
    .post(
      "/enrollment/:enrollmentId/employees",
      async ({ params, body, session, request, set }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        await addNewlyEligible(db, owned, body, baseUrlOf(request), administrator);
        set.status = 201;
        return answerList(owned);
      },
      {
        params: EnrollmentParams,
        body: NewEmployee,
        response: { 201: EmployeeList, 400: ErrorAnswer, 401: MessageAnswer, 404: MessageAnswer, 409: MessageAnswer },
        detail: {
          summary:
            "Add an employee who became eligible after submitting; their ICHRA notice (with an invitation while those are open) is emailed at once",
          tags: ["Employees"],
        },
      },
    )
    .post(
      "/enrollment/:enrollmentId/notices",
      async ({ params, session }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        const sent = await sendNotices(db, owned, administrator);
        return { sent, employees: await listEmployees(db, owned) };
      },
      {
        params: EnrollmentParams,
        response: { 200: NoticesSent, 401: MessageAnswer, 404: MessageAnswer },
        detail: { summary: "Email the ICHRA notice to every employee not yet sent one, and record when", tags: ["Employees"] },
      },
    )
    .post(
      "/enrollment/:enrollmentId/employees/:employeeId/notice",
      async ({ params, session }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        const sent = await sendNotices(db, owned, administrator, [Number(params.employeeId)]);
        return { sent, employees: await listEmployees(db, owned) };
      },
      {
        params: EmployeeParams,
        response: { 200: NoticesSent, 401: MessageAnswer, 404: MessageAnswer },
        detail: { summary: "Email (again) one employee's ICHRA notice, and record when", tags: ["Employees"] },
      },
    )
    .get(
      "/enrollment/:enrollmentId/notices/:classIndex",
      async ({ params, session }) =>
        classNotice(db, administrator, await accessEnrollment(db, session, Number(params.enrollmentId)), Number(params.classIndex)),
      {
        params: ClassNoticeParams,
        response: { 200: NoticeView, 400: ErrorAnswer, 401: MessageAnswer, 404: MessageAnswer },
        detail: { summary: "One class's ICHRA notice, to read or print", tags: ["Employees"] },
      },
    )
    .get(
      "/employee-registration/:enrollmentId/notice",
      ({ params, query }) => openNotice(db, administrator, Number(params.enrollmentId), query.invite),
      {
        params: EnrollmentParams,
        query: InviteQuery,
        response: { 200: NoticeView, 404: MessageAnswer, 409: MessageAnswer },
        detail: { summary: "The ICHRA notice of the invited employee's class, with their own allowance", tags: ["Employee registration"] },
      },
    )
    .post(
      "/employee-registration/:enrollmentId",
      ({ params, query, body }) => saveRegistration(db, key, Number(params.enrollmentId), { ...body, invite: body.invite ?? query.invite }),
      {
        params: EnrollmentParams,
        query: InviteQuery,
        body: RegistrationSave,
        response: { 200: RegistrationView, 404: MessageAnswer, 409: MessageAnswer },
        detail: { summary: "Save the registration (step by step; `submit` completes it)", tags: ["Employee registration"] },
      },
    );
};
