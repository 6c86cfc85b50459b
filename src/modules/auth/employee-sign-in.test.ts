// Registered employees sign in with the same emailed link as employers; an address with
// several accounts chooses one before the link is spent.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { censusEmployees } from "@db/schema";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/api";
import { cookieOf, registerOwner } from "../../test/employers";
import { workplaceWith } from "../../test/registered-employees";
import { signInLinksTo, tokenOf } from "../../test/sign-in";
import { CHOOSE_ACCOUNT_MESSAGE, LOGIN_LINK_EXPIRED_MESSAGE, LOGIN_LINK_SENT_MESSAGE } from "./model";
import { hashToken, SESSION_COOKIE, sessionLifetimes } from "./sessions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LEADS_PER_MINUTE: "1000", LEADS_PER_DAY: "10000" });
});
afterAll(() => t.close());

const tokensMailedTo = (to: string) => signInLinksTo(t, to).map(tokenOf);

async function linkFor(email: string): Promise<string> {
  const res = await t.request("POST", "/api/auth/login-link", { json: { email } });
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ message: LOGIN_LINK_SENT_MESSAGE });
  const token = tokensMailedTo(email.toLowerCase()).at(-1);
  if (!token) throw new Error(`no sign-in link went to ${email}`);
  return token;
}

const callback = (json: Record<string, unknown>) => t.request("POST", "/api/auth/callback", { json });
const usedAt = (token: string) =>
  (t.database.sqlite.query("select used_at from login_tokens where token_hash = ?").get(hashToken(token)) as { used_at: number | null })
    .used_at;

describe("an employee's sign-in", () => {
  test("a registered employee gets a link at the address their invitation reached and lands on /benefits with an employee session", async () => {
    // A registration stored with another address (registering now refuses one) does not move their sign-in there.
    const work = await workplaceWith(t.database.db, [{ email: "Census.Ana@Example.com", registrationEmail: "ana.home@example.com" }]);
    const [ana] = work.employees;
    expect((await t.request("POST", "/api/auth/login-link", { json: { email: "ana.home@example.com" } })).status).toBe(202);
    expect(tokensMailedTo("ana.home@example.com")).toEqual([]);
    const token = await linkFor("census.ana@example.com");
    const mail = t.database.sqlite.query("select text_body from outbox where to_address = 'census.ana@example.com'").get() as {
      text_body: string;
    };
    expect(mail.text_body).toContain("Hello Pat,");
    expect(mail.text_body).toContain("to reach your benefits:");

    const res = await callback({ token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ role: "employee", redirect: "/benefits", businessId: work.businessId, employeeId: ana!.id });
    expect(usedAt(token)).not.toBeNull();
    const cookie = cookieOf(res);
    const session = t.database.sqlite
      .query("select kind, user_id, census_employee_id, expires_at - created_at as lifetime from sessions where census_employee_id = ?")
      .get(ana!.id);
    expect(session).toEqual({
      kind: "employee",
      user_id: null,
      census_employee_id: ana!.id,
      lifetime: sessionLifetimes.employee.absoluteMs,
    });
    expect(await (await t.request("GET", "/api/auth/me", { headers: { cookie } })).json()).toEqual({
      role: "employee",
      businessId: work.businessId,
      employeeId: ana!.id,
      enrollmentId: work.enrollmentId,
    });
    // An employee's session opens nothing of the employer's.
    // Signed in, but not as the employer: 403 on the employer's routes.
    expect((await t.request("GET", `/api/business/${work.businessId}`, { headers: { cookie } })).status).toBe(403);
    expect((await t.request("GET", `/api/enrollment/${work.enrollmentId}/employees`, { headers: { cookie } })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/check-auth", { headers: { cookie } })).status).toBe(401);
  });

  test("the census address counts when the registration gave none; an employee who has not registered gets nothing", async () => {
    const work = await workplaceWith(t.database.db, [{ email: "lee@example.com" }, { email: "not.yet@example.com", registered: false }]);
    t.database.sqlite.query("update employee_registrations set email = null where census_employee_id = ?").run(work.employees[0]!.id);
    const token = await linkFor("LEE@example.com");
    expect(await (await callback({ token })).json()).toMatchObject({ role: "employee", employeeId: work.employees[0]!.id });
    const before = t.database.sqlite.query("select count(*) as n from outbox").get();
    expect((await t.request("POST", "/api/auth/login-link", { json: { email: "not.yet@example.com" } })).status).toBe(202);
    expect(t.database.sqlite.query("select count(*) as n from outbox").get()).toEqual(before);
  });

  test("an address that is an employer's contact and an employee chooses; the choice spends the token, once", async () => {
    const owner = await registerOwner(t);
    const work = await workplaceWith(t.database.db, [{ email: owner.email }]);
    const token = await linkFor(owner.email);
    const mail = tokensMailedTo(owner.email);
    expect(mail).toHaveLength(1);
    expect(
      (t.database.sqlite.query("select text_body from outbox where to_address = ?").get(owner.email) as { text_body: string }).text_body,
    ).toContain("to reach your employer dashboard or your benefits:");

    const choice = await callback({ token });
    expect(choice.status).toBe(200);
    expect(choice.headers.get("set-cookie")).toBeNull();
    const { choose } = (await choice.json()) as { choose: { as: string; role: string; label: string }[] };
    expect(choose.map((c) => c.role)).toEqual(["owner", "employee"]);
    expect(choose[0]!.label).toBe("Employer dashboard of Acme Dental");
    expect(choose[1]!.label).toMatch(/^Benefits from Acme Tools \d+$/);
    expect(choose[1]!.as).toBe(`employee:${work.employees[0]!.id}`);
    // Asking again still only lists: the token is unused.
    expect(usedAt(token)).toBeNull();
    expect(await (await callback({ token })).json()).toEqual({ choose });

    // A choice outside the list, or malformed, is refused and spends nothing.
    for (const as of [`employee:${work.employees[0]!.id + 1000}`, "owner:1", "admin:1", "employee:x", "employee"]) {
      const res = await callback({ token, as });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ as: CHOOSE_ACCOUNT_MESSAGE });
    }
    expect(usedAt(token)).toBeNull();

    const signedIn = await callback({ token, as: choose[1]!.as });
    expect(await signedIn.json()).toEqual({
      role: "employee",
      redirect: "/benefits",
      businessId: work.businessId,
      employeeId: work.employees[0]!.id,
    });
    expect(signedIn.headers.get("set-cookie")).toContain(`${SESSION_COOKIE}=`);
    expect(usedAt(token)).not.toBeNull();
    const again = await callback({ token, as: choose[0]!.as });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: LOGIN_LINK_EXPIRED_MESSAGE });

    // The other choice with a new link opens the employer's dashboard.
    const second = await linkFor(owner.email);
    const asOwner = await callback({ token: second, as: choose[0]!.as });
    expect(await asOwner.json()).toEqual({
      role: "owner",
      redirect: `/dashboard/${owner.businessId}`,
      businessId: owner.businessId,
      employeeId: null,
    });
    const me = await t.request("GET", "/api/auth/me", { headers: { cookie: cookieOf(asOwner) } });
    expect(await me.json()).toEqual({ role: "owner", businessId: owner.businessId, employeeId: null, enrollmentId: null });
  });

  test("an employee of two employers chooses between them; two racing choices sign in once", async () => {
    const email = "two.jobs@example.com";
    const first = await workplaceWith(t.database.db, [{ email }]);
    const second = await workplaceWith(t.database.db, [{ email }]);
    const token = await linkFor(email);
    // Two employers' benefits, and no employer's dashboard: the email says what the link reaches.
    const mail = t.database.sqlite.query("select text_body from outbox where to_address = ? order by id desc").get(email) as {
      text_body: string;
    };
    expect(mail.text_body).toContain("to reach your benefits:");
    const { choose } = (await (await callback({ token })).json()) as { choose: { as: string }[] };
    expect(choose.map((c) => c.as)).toEqual([`employee:${first.employees[0]!.id}`, `employee:${second.employees[0]!.id}`]);
    const answers = await Promise.all(choose.map((c) => callback({ token, as: c.as })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  test("an employee removed from the census loses their session and their sign-in", async () => {
    const work = await workplaceWith(t.database.db, [{ email: "leaving@example.com" }]);
    const token = await linkFor("leaving@example.com");
    const cookie = cookieOf(await callback({ token }));
    expect((await t.request("GET", "/api/auth/me", { headers: { cookie } })).status).toBe(200);
    const id = work.employees[0]!.id;
    t.database.db.transaction((tx) => {
      tx.run(`delete from employee_registrations where census_employee_id = ${id}`);
      tx.delete(censusEmployees).where(eq(censusEmployees.id, id)).run();
    });
    expect(t.database.sqlite.query("select count(*) as n from sessions where census_employee_id = ?").get(id)).toEqual({ n: 0 });
    expect((await t.request("GET", "/api/auth/me", { headers: { cookie } })).status).toBe(401);
  });
});
