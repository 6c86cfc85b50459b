// Shared by the tests of every admin screen: an admin account and its signed-in cookie.
import { createAdmin } from "../modules/admin/accounts";
import type { TestApp } from "./api";
import { cookieOf } from "./employers";

export const adminPassword = "correct horse battery staple";

export async function signedInAdmin(t: TestApp, username = "ops"): Promise<string> {
  await createAdmin(t.database.db, { username, password: adminPassword }).catch(() => {});
  const res = await t.request("POST", "/api/admin/login", { json: { username, password: adminPassword } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}
