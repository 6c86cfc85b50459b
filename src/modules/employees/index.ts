// Employee invitations (owner or admin) and the employee's own registration (by invite).
import { Elysia } from "elysia";
import { loadDataKey } from "../../data-key";
import type { AppDeps } from "../../deps";
import { answers } from "../../http/answers";
import { siteOrigin } from "../../http/origin";
import { perMinuteAndDay, rateLimitPerAccount } from "../../http/rate-limit";
import { sessionPlugin } from "../auth/plugin";
import type { Session } from "../auth/sessions";
import type { OwnedEnrollment } from "../businesses/access";
import { accessEnrollment, enrollmentAccessFirst } from "../businesses/access";
import { EnrollmentParams } from "../enrollments/model";
import { enqueueEmail } from "../outbox/service";
import { type EmploymentEndChanged, recordEmploymentEnd } from "./employment-end";
import { inviteAllNotYetInvited, inviteOne, revokeInvite } from "./invites";
import {
  ClassNoticeParams,
  EmployeeList,
  EmployeeParams,
  EmploymentEndPayload,
  InviteQuery,
  NewEmployee,
  NoticesSent,
  NoticeView,
  PreviewLink,
  PreviewLinkPayload,
  PreviewQuery,
  PreviewRoster,
  RegistrationSave,
  RegistrationView,
  SampleEmailAnswer,
  SendResult,
} from "./model";
import { addNewlyEligible } from "./newly-eligible";
import { classNotice, openNotice, sendNotices } from "./notice";
import { administratorOf } from "./notice-input";
import {
  assertPreviewAllowed,
  createPreviewLink,
  openPreview,
  openPreviewNotice,
  previewKey,
  previewRoster,
  sampleInvitation,
} from "./preview";
import { listEmployees, openRegistration, saveRegistration } from "./service";

/**
 * How many emails an employer's actions may send: each employee a few a day (a resent
 * invitation, a notice sent again), and each account a bounded number in all, so the site's
 * mail cannot be turned on an inbox or sent out by the thousand from an unreviewed account.
 */
export const EMAILS_TO_ONE_EMPLOYEE = { perMinute: 3, perDay: 6 } as const;
export const EMAILS_FROM_ONE_ACCOUNT = { perMinute: 30, perDay: 300 } as const;
const perEmployeeRoutes = [
  "POST /api/enrollment/:enrollmentId/employees/:employeeId/invitation",
  "POST /api/enrollment/:enrollmentId/employees/:employeeId/notice",
  // A registered employee is emailed each new last day.
  "POST /api/enrollment/:enrollmentId/employees/:employeeId/employment-end",
] as const;
const emailingRoutes = [
  ...perEmployeeRoutes,
  "POST /api/enrollment/:enrollmentId/invitations",
  "POST /api/enrollment/:enrollmentId/notices",
  "POST /api/enrollment/:enrollmentId/employees",
  "POST /api/enrollment/:enrollmentId/preview/sample-email",
] as const;
type LimitContext = { session: Session | null; params: Record<string, string> };
/** An employer's (or an admin's) account: who the count is kept for. Others are refused by the route. */
const accountOf = (session: Session | null) => (session && session.kind !== "employee" && session.userId !== null ? session.userId : null);

/** What other features do when an employee's record changes; the server's composition supplies them. */
export interface EmployeeHooks {
  employmentEndChanged: EmploymentEndChanged;
}

export const employeesRoutes = (deps: AppDeps, hooks: EmployeeHooks) => {
  const { db, config } = deps;
  const key = loadDataKey(config);
  const previews = previewKey(key);
  /** The enrollment, when the session may see it and use the preview tools on it. */
  const previewing = async (session: Session | null, enrollmentId: string) => {
    const owned = await accessEnrollment(db, session, Number(enrollmentId));
    assertPreviewAllowed(config, session);
    return owned;
  };
  const administrator = administratorOf(config);
  const baseUrlOf = (request: Request) => siteOrigin(config, request);
  const answerList = async (owned: OwnedEnrollment) => ({
    enrollmentId: owned.enrollment.id,
    employees: await listEmployees(db, owned),
  });

  return new Elysia({ prefix: "/api" })
    .use(sessionPlugin(deps))
    .use(
      rateLimitPerAccount<LimitContext>({
        routes: perEmployeeRoutes,
        windows: perMinuteAndDay(EMAILS_TO_ONE_EMPLOYEE.perMinute, EMAILS_TO_ONE_EMPLOYEE.perDay),
        // What was sent is counted, not what was refused (a mistyped last day uses up nothing).
        counts: "successes",
        // Counted per account too: another account's requests never use up this one's count.
        key: ({ session, params }) => (accountOf(session) === null ? null : `${accountOf(session)}:${params.employeeId}`),
      }),
    )
    .use(
      rateLimitPerAccount<LimitContext>({
        routes: emailingRoutes,
        windows: perMinuteAndDay(EMAILS_FROM_ONE_ACCOUNT.perMinute, EMAILS_FROM_ONE_ACCOUNT.perDay),
        counts: "successes",
        key: ({ session }) => (accountOf(session) === null ? null : String(accountOf(session))),
      }),
    )
    .get(
      "/enrollment/:enrollmentId/employees",
      async ({ params, session }) => answerList(await accessEnrollment(db, session, Number(params.enrollmentId))),
      {
        params: EnrollmentParams,
        response: answers({ 200: EmployeeList }, 401, 403, 404),
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
        response: answers({ 200: SendResult }, 401, 403, 404, 409, 429),
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
        response: answers({ 200: SendResult }, 401, 403, 404, 409, 429),
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
        response: answers({ 200: EmployeeList }, 401, 403, 404, 409),
        detail: { summary: "Revoke one employee's invitation", tags: ["Employees"] },
      },
    )
    .post(
      "/enrollment/:enrollmentId/employees/:employeeId/employment-end",
      async ({ params, body, session }) => {
        const owned = await accessEnrollment(db, session, Number(params.enrollmentId));
        await recordEmploymentEnd(db, owned, Number(params.employeeId), body.endedOn, administrator, hooks.employmentEndChanged);
        return answerList(owned);
      },
      {
        transform: enrollmentAccessFirst(db),
        params: EmployeeParams,
        body: EmploymentEndPayload,
        response: answers({ 200: EmployeeList }, 400, 401, 403, 404, 429),
        detail: {
          summary: "Record the last day of an employee's employment (endedOn), or clear it (null)",
          description:
            "Their allowance ends with that month: later months cannot be claimed or approved, an unpaid approval for a later month is denied and its early allowance lapses, and what was paid stays paid. Moved later or cleared, the lapsed months come back. A registered employee is emailed. The day cannot be before the hire date, before the plan starts, or more than a year ahead.",
          tags: ["Employees"],
        },
      },
    )
    .get(
      "/enrollment/:enrollmentId/preview",
      async ({ params, session }) => previewRoster(db, await previewing(session, params.enrollmentId)),
      {
        params: EnrollmentParams,
        response: answers({ 200: PreviewRoster }, 401, 403, 404),
        detail: {
          summary: "The employees whose registration the owner can preview (the success page's tools)",
          description: "403 when NODE_ENV is production and the session is not an admin's.",
          tags: ["Employees"],
        },
      },
    )
    .post(
      "/enrollment/:enrollmentId/preview/link",
      async ({ params, body, session, request }) =>
        createPreviewLink(db, previews, await previewing(session, params.enrollmentId), body.employeeId, baseUrlOf(request)),
      {
        transform: enrollmentAccessFirst(db),
        params: EnrollmentParams,
        body: PreviewLinkPayload,
        response: answers({ 200: PreviewLink }, 400, 401, 403, 404),
        detail: {
          summary: "A link that opens one employee's registration read-only for a week; it sends nothing and is no invitation",
          tags: ["Employees"],
        },
      },
    )
    .post(
      "/enrollment/:enrollmentId/preview/sample-email",
      async ({ params, session, request, set }) => {
        const owned = await previewing(session, params.enrollmentId);
        const email = await sampleInvitation(db, previews, session!, owned, baseUrlOf(request));
        enqueueEmail(db, email);
        set.status = 202;
        return { message: `A sample invitation was sent to ${email.to}.`, to: email.to };
      },
      {
        params: EnrollmentParams,
        response: answers({ 202: SampleEmailAnswer }, 401, 403, 404, 429),
        detail: {
          summary: "Email a sample invitation to the signed-in person's own address; its link opens a made-up employee's registration",
          tags: ["Employees"],
        },
      },
    )
    .get(
      "/employee-registration/:enrollmentId/preview",
      ({ params, query }) => openPreview(db, previews, Number(params.enrollmentId), query.preview),
      {
        params: EnrollmentParams,
        query: PreviewQuery,
        response: answers({ 200: RegistrationView }, 404),
        detail: { summary: "A registration opened read-only through a preview link", tags: ["Employee registration"] },
      },
    )
    .get(
      "/employee-registration/:enrollmentId/notice/preview",
      ({ params, query }) => openPreviewNotice(db, previews, administrator, Number(params.enrollmentId), query.preview),
      {
        params: EnrollmentParams,
        query: PreviewQuery,
        response: answers({ 200: NoticeView }, 404, 409),
        detail: { summary: "The notice a previewed employee would open", tags: ["Employee registration"] },
      },
    )
    .get(
      "/employee-registration/:enrollmentId",
      ({ params, query }) => openRegistration(db, key, Number(params.enrollmentId), query.invite),
      {
        params: EnrollmentParams,
        query: InviteQuery,
        response: answers({ 200: RegistrationView }, 404),
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
        transform: enrollmentAccessFirst(db),
        params: EnrollmentParams,
        body: NewEmployee,
        response: answers({ 201: EmployeeList }, 400, 401, 403, 404, 409, 429),
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
        response: answers({ 200: NoticesSent }, 401, 403, 404, 429),
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
        response: answers({ 200: NoticesSent }, 401, 403, 404, 429),
        detail: { summary: "Email (again) one employee's ICHRA notice, and record when", tags: ["Employees"] },
      },
    )
    .get(
      "/enrollment/:enrollmentId/notices/:classIndex",
      async ({ params, session }) =>
        classNotice(db, administrator, await accessEnrollment(db, session, Number(params.enrollmentId)), Number(params.classIndex)),
      {
        params: ClassNoticeParams,
        response: answers({ 200: NoticeView }, 400, 401, 403, 404),
        detail: { summary: "One class's ICHRA notice, to read or print", tags: ["Employees"] },
      },
    )
    .get(
      "/employee-registration/:enrollmentId/notice",
      ({ params, query }) => openNotice(db, administrator, Number(params.enrollmentId), query.invite),
      {
        params: EnrollmentParams,
        query: InviteQuery,
        response: answers({ 200: NoticeView }, 404, 409),
        detail: { summary: "The ICHRA notice of the invited employee's class, with their own allowance", tags: ["Employee registration"] },
      },
    )
    .post(
      "/employee-registration/:enrollmentId",
      ({ params, query, body, request }) =>
        saveRegistration(
          db,
          key,
          Number(params.enrollmentId),
          { ...body, invite: body.invite ?? query.invite },
          baseUrlOf(request),
          administrator.email,
        ),
      {
        params: EnrollmentParams,
        query: InviteQuery,
        body: RegistrationSave,
        response: answers({ 200: RegistrationView }, 404, 409),
        detail: { summary: "Save the registration (step by step; `submit` completes it)", tags: ["Employee registration"] },
      },
    );
};
