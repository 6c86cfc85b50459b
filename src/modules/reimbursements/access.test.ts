// Who reaches what: claims, proofs, documents and ledgers answer only to their employee
// and to admins; the employer sees approved totals and payroll runs of their own
// enrollment; nobody else reaches any of it, and an id that is not yours reads like one
// that does not exist.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { registerOwner } from "../../test/employers";
import { EMPLOYEES_ONLY_MESSAGE } from "./employee";
import {
  type Claimant,
  claimants,
  claimed,
  decide,
  decideProofOf,
  file,
  form,
  monthsFromNow,
  pdfBytes,
  proofForm,
  provenCoverage,
  reviewingApp,
  sendProof,
} from "./test-helpers";

let t: TestApp;
let admin: string;
let ana: Claimant;
let ben: Claimant;
let stranger: Claimant;
let otherOwner: string;
let ids: { claim: number; proof: number; document: number; proofDocument: number; run: number };

beforeAll(async () => {
  ({ t, admin } = await reviewingApp());
  [ana, ben] = (await claimants(t, [{}, {}])) as [Claimant, Claimant];
  [stranger] = (await claimants(t, [{}])) as [Claimant];
  otherOwner = (await registerOwner(t)).headers.cookie!;
  const proof = await (await sendProof(t, ana.cookie, proofForm({ coverageStart: ana.planStart }))).json();
  await decideProofOf(t, admin, proof.id, { decision: "approve" });
  const claim = await claimed(t, ana);
  await decide(t, admin, claim, { decision: "approve", approvedAmount: 100, reason: "part" });
  const runRes = await t.request("POST", `/api/enrollment/${ana.enrollmentId}/payroll-runs`, {
    headers: { cookie: ana.ownerCookie },
    json: { through: new Date().toISOString().slice(0, 10) },
  });
  const claimDetail = await (await t.request("GET", `/api/benefits/claims/${claim}`, { headers: { cookie: ana.cookie } })).json();
  ids = {
    claim,
    proof: proof.id,
    document: claimDetail.documents[0].id,
    proofDocument: proof.documents[0].id,
    run: (await runRes.json()).id,
  };
  await provenCoverage(t, ben, admin);
});
afterAll(() => t.close());

type Route = { method: string; path: () => string; body?: () => FormData | undefined; json?: unknown };

const employeeRoutes: Route[] = [
  { method: "GET", path: () => "/api/benefits" },
  { method: "GET", path: () => "/api/benefits/claims" },
  { method: "GET", path: () => "/api/benefits/coverage-proofs" },
  { method: "GET", path: () => "/api/benefits/ledger" },
  {
    method: "POST",
    path: () => "/api/benefits/coverage-proof",
    body: () => proofForm(),
  },
  {
    method: "POST",
    path: () => "/api/benefits/claims",
    body: () => form({ month: monthsFromNow(1) }, [{ field: "files", file: file(pdfBytes(), "r.pdf") }]),
  },
];
/** Routes naming one of Ana's things: another employee gets 404, as for an id that does not exist. */
const anasThings: Route[] = [
  { method: "GET", path: () => `/api/benefits/claims/${ids.claim}` },
  { method: "POST", path: () => `/api/benefits/claims/${ids.claim}/info`, body: () => form({ note: "mine now" }) },
  { method: "GET", path: () => `/api/benefits/documents/${ids.document}` },
  { method: "GET", path: () => `/api/benefits/documents/${ids.proofDocument}` },
];
const adminRoutes: Route[] = [
  { method: "GET", path: () => "/api/admin/review-queue" },
  { method: "GET", path: () => `/api/admin/claims/${ids.claim}` },
  { method: "POST", path: () => `/api/admin/claims/${ids.claim}/decision`, json: { decision: "deny", reason: "no" } },
  { method: "GET", path: () => `/api/admin/coverage-proofs/${ids.proof}` },
  { method: "POST", path: () => `/api/admin/coverage-proofs/${ids.proof}/decision`, json: { decision: "reject", reason: "no" } },
  { method: "GET", path: () => `/api/admin/documents/${ids.document}` },
  { method: "GET", path: () => `/api/admin/documents/${ids.document}?inline=1` },
  { method: "GET", path: () => `/api/admin/documents/${ids.document}/receipt.pdf?inline=1` },
  { method: "GET", path: () => `/api/admin/employees/${ana.id}/ledger` },
];
const employerRoutes: Route[] = [
  { method: "GET", path: () => `/api/enrollment/${ana.enrollmentId}/reimbursements` },
  { method: "GET", path: () => `/api/enrollment/${ana.enrollmentId}/payroll-runs` },
  { method: "GET", path: () => `/api/enrollment/${ana.enrollmentId}/payroll-runs/preview?through=2026-01-01` },
  { method: "POST", path: () => `/api/enrollment/${ana.enrollmentId}/payroll-runs`, json: { through: "2026-01-01" } },
  { method: "GET", path: () => `/api/enrollment/${ana.enrollmentId}/payroll-runs/${ids.run}.csv` },
];

const send = (route: Route, cookie?: string) =>
  t.request(route.method, route.path(), {
    headers: cookie ? { cookie } : {},
    ...(route.json !== undefined ? { json: route.json } : {}),
    ...(route.body ? { body: route.body() } : {}),
  });

async function expectStatus(routes: Route[], cookie: string | undefined, status: number) {
  for (const route of routes) {
    const res = await send(route, cookie);
    expect({ route: `${route.method} ${route.path()}`, status: res.status }).toEqual({ route: `${route.method} ${route.path()}`, status });
    const body = await res.text();
    // A refusal gives away nothing of what it guards.
    for (const secret of ["Blue Cross", ana.email, "receipt.pdf", "%PDF"]) expect(body).not.toContain(secret);
  }
}

describe("anonymous callers", () => {
  test("get 401 everywhere", async () => {
    await expectStatus([...employeeRoutes, ...anasThings, ...adminRoutes, ...employerRoutes], undefined, 401);
  });

  test("get 401 before their input is read: the payroll preview without a session, even asked about no day", async () => {
    for (const query of ["", "?through=soon", "?through=2026-01-01&timeZone=Mars/Olympus_Mons"]) {
      const res = await t.request("GET", `/api/enrollment/${ana.enrollmentId}/payroll-runs/preview${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 401 });
    }
  });
});

describe("the employer (owner session)", () => {
  test("gets 403 on every employee route and 401 on every admin route: no claim, proof, document or ledger", async () => {
    await expectStatus([...employeeRoutes, ...anasThings], ana.ownerCookie, 403);
    await expectStatus(adminRoutes, ana.ownerCookie, 401);
    const res = await send(anasThings[2]!, ana.ownerCookie);
    expect(await res.json()).toEqual({ message: EMPLOYEES_ONLY_MESSAGE });
  });

  test("another employer gets 404 on this enrollment's totals and payroll", async () => {
    await expectStatus(employerRoutes, otherOwner, 404);
    await expectStatus(employerRoutes, stranger.ownerCookie, 404);
    // Nor is this enrollment's run theirs when asked for under their own enrollment.
    const underOwn = { method: "GET", path: () => `/api/enrollment/${stranger.enrollmentId}/payroll-runs/${ids.run}.csv` };
    await expectStatus([underOwn], stranger.ownerCookie, 404);
  });

  test("the payroll CSV holds names, emails, amounts and months only", async () => {
    const csv = await (await send(employerRoutes[3]!, ana.ownerCookie)).text();
    expect(csv).not.toContain("Blue Cross");
    expect(csv).not.toContain("receipt");
  });
});

describe("another employee", () => {
  test("gets 404 on Ana's claim, answer and documents, as on ids that do not exist; their own lists hold none of hers", async () => {
    await expectStatus(anasThings, ben.cookie, 404);
    await expectStatus(anasThings, stranger.cookie, 404);
    const claims = await (await send(employeeRoutes[1]!, ben.cookie)).json();
    expect(claims).toEqual([]);
    const proofs = await (await send(employeeRoutes[2]!, ben.cookie)).json();
    expect(proofs.map((p: { id: number }) => p.id)).not.toContain(ids.proof);
    const ledger = await (await send(employeeRoutes[3]!, ben.cookie)).json();
    expect(ledger.employeeId).toBe(ben.id);
    expect(ledger.events.some((e: { claimId: number | null }) => e.claimId === ids.claim)).toBe(false);
    // Ana's claim was not touched by the attempts.
    const mine = await (await send(anasThings[0]!, ana.cookie)).json();
    expect(mine.history.map((h: { action: string }) => h.action)).toEqual(["submitted", "partially-approved", "paid"]);
  });

  test("gets 401 on the admin routes (to the admin area they are not signed in) and 403 on the employer's", async () => {
    await expectStatus(adminRoutes, ana.cookie, 401);
    await expectStatus(employerRoutes, ana.cookie, 403);
  });
});

describe("admins", () => {
  test("use the admin routes: an employee's own routes answer an admin session 403", async () => {
    await expectStatus([...employeeRoutes, ...anasThings], admin, 403);
  });

  test("reach every claim, proof, document and ledger, and an enrollment's payroll", async () => {
    for (const route of [...adminRoutes.filter((r) => r.method === "GET"), ...employerRoutes.filter((r) => r.method === "GET")]) {
      const res = await send(route, admin);
      expect({ route: route.path(), status: res.status }).toEqual({ route: route.path(), status: 200 });
    }
  });
});

describe("caching", () => {
  test("no answer about claims, proofs, ledgers or payroll may be kept by a browser or proxy cache", async () => {
    const reads: [Route, string][] = [
      ...employeeRoutes.filter((r) => r.method === "GET").map((r): [Route, string] => [r, ana.cookie]),
      [anasThings[0]!, ana.cookie],
      ...adminRoutes.filter((r) => r.method === "GET").map((r): [Route, string] => [r, admin]),
      ...employerRoutes.filter((r) => r.method === "GET").map((r): [Route, string] => [r, ana.ownerCookie]),
      // A refusal too: a cached 404 or 403 would still say something once the session changes.
      [anasThings[0]!, ben.cookie],
    ];
    for (const [route, cookie] of reads) {
      const res = await send(route, cookie);
      const cacheControl = res.headers.get("cache-control") ?? "";
      expect({ route: route.path(), noStore: cacheControl.includes("no-store") }).toEqual({ route: route.path(), noStore: true });
    }
  });
});

describe("bad input and missing ids", () => {
  /** Each route with a malformed part, the session it is sent with, and the field the 400 must name. */
  const malformed = (): [Route, string, string][] => [
    [{ method: "GET", path: () => "/api/benefits/claims/abc" }, ana.cookie, "id"],
    [{ method: "POST", path: () => "/api/benefits/claims/abc/info", body: () => form({ note: "x" }) }, ana.cookie, "id"],
    [{ method: "GET", path: () => "/api/benefits/claims?limit=0" }, ana.cookie, "limit"],
    [{ method: "GET", path: () => "/api/benefits/documents/abc" }, ana.cookie, "id"],
    [{ method: "GET", path: () => "/api/benefits/ledger?planYear=soon" }, ana.cookie, "planYear"],
    [{ method: "GET", path: () => "/api/benefits/ledger?tz=Mars%2FOlympus" }, ana.cookie, "tz"],
    [
      { method: "POST", path: () => "/api/benefits/coverage-proof?tz=Mars%2FOlympus", body: () => form({ carrier: "Ambetter" }) },
      ana.cookie,
      "tz",
    ],
    [{ method: "GET", path: () => "/api/admin/review-queue?status=lost" }, admin, "status"],
    [{ method: "GET", path: () => "/api/admin/review-queue?kind=thing" }, admin, "kind"],
    [{ method: "GET", path: () => "/api/admin/review-queue?businessId=x" }, admin, "businessId"],
    [{ method: "GET", path: () => "/api/admin/claims/abc" }, admin, "id"],
    [{ method: "POST", path: () => `/api/admin/claims/${ids.claim}/decision`, json: { decision: "maybe" } }, admin, "decision"],
    [{ method: "GET", path: () => "/api/admin/coverage-proofs/abc" }, admin, "id"],
    [{ method: "POST", path: () => `/api/admin/coverage-proofs/${ids.proof}/decision`, json: { decision: "maybe" } }, admin, "decision"],
    [{ method: "GET", path: () => "/api/admin/documents/abc" }, admin, "id"],
    [{ method: "GET", path: () => `/api/admin/documents/${ids.document}?inline=yes` }, admin, "inline"],
    [{ method: "GET", path: () => "/api/admin/employees/abc/ledger" }, admin, "employeeId"],
    [{ method: "GET", path: () => "/api/enrollment/abc/reimbursements" }, ana.ownerCookie, "enrollmentId"],
    [{ method: "GET", path: () => "/api/enrollment/abc/payroll-runs" }, ana.ownerCookie, "enrollmentId"],
    [
      { method: "POST", path: () => `/api/enrollment/${ana.enrollmentId}/payroll-runs`, json: { through: "soon" } },
      ana.ownerCookie,
      "through",
    ],
    [{ method: "GET", path: () => `/api/enrollment/${ana.enrollmentId}/payroll-runs/abc.csv` }, ana.ownerCookie, "run"],
  ];

  test("a malformed id, query or payload answers 400 naming that field, whoever may use the route", async () => {
    for (const [route, cookie, field] of malformed()) {
      const res = await send(route, cookie);
      const body = await res.json();
      const named = Object.keys(body.errors ?? {});
      expect({ route: `${route.method} ${route.path()}`, status: res.status, named }).toEqual({
        route: `${route.method} ${route.path()}`,
        status: 400,
        named: [field],
      });
      expect(body.errors[field]).toEqual(expect.stringMatching(/\S/));
    }
  });

  test("an admin asking for a claim, proof, document or employee that does not exist gets 404; an owner for an enrollment that does not exist too", async () => {
    for (const path of [
      "/api/admin/claims/999999",
      "/api/admin/coverage-proofs/999999",
      "/api/admin/documents/999999",
      "/api/admin/employees/999999/ledger",
    ]) {
      const res = await t.request("GET", path, { headers: { cookie: admin } });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const claimDecision = await decide(t, admin, 999_999, { decision: "deny", reason: "no" });
    expect(claimDecision.status).toBe(404);
    expect(await claimDecision.json()).toEqual({ message: "Claim not found." });
    const proofDecision = await decideProofOf(t, admin, 999_999, { decision: "reject", reason: "no" });
    expect(proofDecision.status).toBe(404);
    expect(await proofDecision.json()).toEqual({ message: "Proof of coverage not found." });
    for (const route of [
      { method: "GET", path: () => "/api/enrollment/999999/reimbursements" },
      { method: "GET", path: () => "/api/enrollment/999999/payroll-runs" },
      { method: "POST", path: () => "/api/enrollment/999999/payroll-runs", json: { through: "2026-01-01" } },
    ]) {
      const res = await send(route, ana.ownerCookie);
      expect({ route: route.path(), status: res.status }).toEqual({ route: route.path(), status: 404 });
    }
  });

  test("a ledger for a day no plan year starts on is 404, for the employee and for an admin", async () => {
    const employee = await t.request("GET", "/api/benefits/ledger?planYear=2020-01-01", { headers: { cookie: ana.cookie } });
    expect(employee.status).toBe(404);
    const byAdmin = await t.request("GET", `/api/admin/employees/${ana.id}/ledger?planYear=2020-01-01`, { headers: { cookie: admin } });
    expect(byAdmin.status).toBe(404);
  });
});

describe("upload limits", () => {
  test("an employee past UPLOADS_PER_MINUTE gets 429 with Retry-After, before the body is read; others are not held back", async () => {
    const limited = await createTestApp({ UPLOADS_PER_MINUTE: "2" });
    try {
      const [one, two] = await claimants(limited, [{}, {}]);
      const proof = () => proofForm({ coverageStart: one!.planStart });
      expect((await sendProof(limited, one!.cookie, proof())).status).toBe(201);
      expect((await sendProof(limited, one!.cookie, proof())).status).toBe(409);
      const refused = await sendProof(limited, one!.cookie, "never read", { "content-type": "multipart/form-data; boundary=x" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await sendProof(limited, two!.cookie, proof())).status).toBe(201);
      // Reading is not an upload.
      expect((await limited.request("GET", "/api/benefits", { headers: { cookie: one!.cookie } })).status).toBe(200);
    } finally {
      limited.close();
    }
  });
});
