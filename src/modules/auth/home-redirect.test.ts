// `/dashboard` typed into the address bar: each signed-in account lands on its own home,
// anyone else on the sign-in page.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { registerOwner } from "../../test/employers";
import { claimants } from "../reimbursements/test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const landing = async (cookie?: string) => {
  const res = await t.request("GET", "/dashboard", { headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get("location") };
};

test("/dashboard opens the signed-in account's own home, or the sign-in page", async () => {
  const owner = await registerOwner(t);
  expect(await landing(owner.headers.cookie)).toEqual({ status: 302, location: `/dashboard/${owner.businessId}` });
  const [employee] = await claimants(t);
  expect(await landing(employee!.cookie)).toEqual({ status: 302, location: "/benefits" });
  expect(await landing(await signedInAdmin(t))).toEqual({ status: 302, location: "/admin" });
  expect(await landing()).toEqual({ status: 302, location: "/login" });
  // A session that ended reads like none.
  expect(await landing("ichra_session=not-a-session")).toEqual({ status: 302, location: "/login" });
});
