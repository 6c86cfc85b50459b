// Hostile uploads from a signed-in employee: whatever arrives, the answer is a JSON 4xx,
// nothing is stored and no file is left behind.
import { afterAll, beforeAll, expect, spyOn, test } from "bun:test";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { messages } from "./model";
import {
  type Claimant,
  claimants,
  claimed,
  decide,
  file,
  form,
  pdfBytes,
  proofForm,
  provenCoverage,
  sendProof,
  storedFiles,
} from "./test-helpers";

let t: TestApp;
let ana: Claimant;
let claimId: number;
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_PER_MINUTE: "100000", UPLOADS_PER_DAY: "100000" });
  const admin = await signedInAdmin(t);
  [ana] = (await claimants(t)) as [Claimant];
  await provenCoverage(t, ana, admin);
  claimId = await claimed(t, ana);
  await decide(t, admin, claimId, { decision: "needs-info", reason: "Which month?" });
});
afterAll(() => t.close());

const boundary = "----sweep";
const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
const hostile: { type: string; body: string }[] = [
  { type: "application/json", body: JSON.stringify({ month: "2027-01", files: ["x"] }) },
  { type: "application/json", body: `${"[".repeat(50_000)}${"]".repeat(50_000)}` },
  { type: "text/plain", body: "files=1" },
  { type: "application/x-www-form-urlencoded", body: "month=2027-01&amount=1" },
  { type: "multipart/form-data", body: "no boundary" },
  { type: `multipart/form-data; boundary=${boundary}`, body: "" },
  { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}--\r\n` },
  { type: `multipart/form-data; boundary=${boundary}`, body: part('Content-Disposition: form-data; name="month"', "2027-01") },
  { type: `multipart/form-data; boundary=${boundary}`, body: `${part("Content-Type: text/plain", "headerless")}--${boundary}--` },
  {
    type: `multipart/form-data; boundary=${boundary}`,
    body: `${part('Content-Disposition: attachment; name="files"; filename="a.pdf"', "%PDF-1.4")}--${boundary}--`,
  },
  {
    type: `multipart/form-data; boundary=${boundary}`,
    body: `${part("Content-Disposition: form-data; name=\"files\"; filename*=UTF-8''%E0%A4%A", "%PDF-1.4")}--${boundary}--`,
  },
  {
    type: `multipart/form-data; boundary=${boundary}`,
    body: `${part('Content-Disposition: form-data; name="note"', "x".repeat(30_000))}--${boundary}--`,
  },
  {
    type: `multipart/form-data; boundary=${boundary}`,
    body: `${part('Content-Disposition: form-data; name="files"; filename="\u0000../../x.pdf"', "\u0000\u0001")}--${boundary}--`,
  },
  {
    type: `multipart/form-data; boundary=${boundary}`,
    body: `${part('Content-Disposition: form-data; name="month"', "\u0000")}${part('Content-Disposition: form-data; name="amount"', "1e308")}--${boundary}--`,
  },
  { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\n${"H: v\r\n".repeat(3000)}\r\n\r\nx` },
  { type: `multipart/form-data; boundary=${"b".repeat(200)}`, body: "x" },
];

test("no upload route answers 5xx, stores a row or leaves a file, whatever the body", async () => {
  const files = () => storedFiles(t);
  const rows = () =>
    t.database.sqlite
      .query(
        "select (select count(*) from reimbursement_claims) + (select count(*) from coverage_proofs) + (select count(*) from reimbursement_documents) + (select count(*) from claim_history) as n",
      )
      .get();
  const before = { files: files(), rows: rows() };
  for (const path of ["/api/benefits/coverage-proof", "/api/benefits/claims", `/api/benefits/claims/${claimId}/info`]) {
    for (const { type, body } of hostile) {
      const res = await t.request("POST", path, { headers: { cookie: ana.cookie, "content-type": type }, body });
      const where = `${path} ${type} ${body.slice(0, 40)}`;
      expect({ where, status: res.status < 500 && res.status >= 400 }).toEqual({ where, status: true });
      expect({ where, json: res.headers.get("content-type") }).toEqual({ where, json: "application/json; charset=utf-8" });
    }
  }
  expect({ files: files(), rows: rows() }).toEqual(before);
}, 60_000);

test("a POST with no body at all is told to sign in without a session, and to send a form with one", async () => {
  for (const path of ["/api/benefits/coverage-proof", "/api/benefits/claims", `/api/benefits/claims/${claimId}/info`]) {
    const anonymous = await t.request("POST", path, { headers: {} });
    expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
    const signedIn = await t.request("POST", path, { headers: { cookie: ana.cookie } });
    expect({ path, status: signedIn.status }).toEqual({ path, status: 400 });
    expect((await signedIn.json()).message).toBe(messages.notMultipart);
  }
});

test("an upload whose body breaks off (the client went away) is the client's 400: no error logged, nothing kept", async () => {
  const logged: unknown[] = [];
  const spy = spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(line));
  try {
    const encoded = new Response(proofForm({ coverageStart: undefined }, "p.pdf"));
    const type = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const before = storedFiles(t);
    const res = await sendProof(
      t,
      ana.cookie,
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, bytes.length - 200));
          controller.error(new Error(""));
        },
      }),
      { "content-type": type },
    );
    expect(res.status).toBe(400);
    expect(logged).toEqual([]);
    expect(storedFiles(t)).toEqual(before);
  } finally {
    spy.mockRestore();
  }
});

test("an answer sent as anything but a multipart form says files are optional there", async () => {
  const res = await t.request("POST", `/api/benefits/claims/${claimId}/info`, { headers: { cookie: ana.cookie }, json: { note: "hi" } });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ files: messages.answerFiles });
});

test("a text field far past any limit is refused with that field's own message, as validation words it", async () => {
  const before = storedFiles(t);
  const note = await t.request("POST", `/api/benefits/claims/${claimId}/info`, {
    headers: { cookie: ana.cookie },
    body: form({ note: "x".repeat(30_000) }, [{ field: "files", file: file(pdfBytes(), "answer.pdf") }]),
  });
  expect(note.status).toBe(400);
  expect(((await note.json()) as { errors: Record<string, string> }).errors).toEqual({ note: messages.note });
  const carrier = await sendProof(t, ana.cookie, proofForm({ carrier: "Blue Cross ".repeat(3_000) }));
  expect(carrier.status).toBe(400);
  expect(((await carrier.json()) as { errors: Record<string, string> }).errors).toEqual({ carrier: messages.tooLong(200) });
  expect(storedFiles(t)).toEqual(before);
});

test("a text field sent twice is refused naming it, rather than one of its values taken", async () => {
  const before = storedFiles(t);
  const body = proofForm({ carrier: "FIRST" });
  body.append("carrier", "SECOND");
  const res = await sendProof(t, ana.cookie, body);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ carrier: messages.fieldRepeated });
  expect(storedFiles(t)).toEqual(before);
});
