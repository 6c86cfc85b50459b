// A search counts its matches up to a cap and then says there are more.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { seedDemoSubmissions } from "./demo-seed";
import { SEARCH_COUNT_CAP } from "./submissions";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signedInAdmin(t);
  seedDemoSubmissions(t.database.sqlite, SEARCH_COUNT_CAP + 50);
});
afterAll(() => t.close());

const list = (query: string) => t.request("GET", `/api/admin/form-submissions?${query}`, { headers: { cookie } });

test("more matches than the cap: the count is the cap and the answer says it is capped", async () => {
  const res = await list("q=example.com");
  expect(res.status).toBe(200);
  expect(res.headers.get("x-total-count")).toBe(String(SEARCH_COUNT_CAP));
  expect(res.headers.get("x-total-count-capped")).toBe("true");
  expect((await res.json()).length).toBe(50);
});

test("fewer matches than the cap are counted exactly", async () => {
  const exact = (t.database.sqlite.query("select count(*) as n from form_submissions where email like '%.7%'").get() as { n: number }).n;
  expect(exact).toBeLessThan(SEARCH_COUNT_CAP);
  const res = await list("q=.7");
  expect(res.headers.get("x-total-count")).toBe(String(exact));
  expect(res.headers.get("x-total-count-capped")).toBeNull();
});

test("without a search every row is counted", async () => {
  const res = await list("");
  expect(res.headers.get("x-total-count")).toBe(String(SEARCH_COUNT_CAP + 50));
  expect(res.headers.get("x-total-count-capped")).toBeNull();
});
