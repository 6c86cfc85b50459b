// Uploads through the real server, whose body arrives in chunks of its own that are given
// back as soon as they are read: every stored document is the sent file, byte for byte.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { serveApp } from "../../http/serve";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, overHttp, type TestApp } from "../../test/api";
import { documentPath } from "./documents";
import {
  type Claimant,
  claimants,
  claimFields,
  documentsDir,
  file,
  form,
  proofFields,
  provenCoverage,
  sendClaim,
  sendProof,
} from "./test-helpers";

let t: TestApp;
let server: ReturnType<typeof serveApp>;
let overNetwork: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_PER_MINUTE: "1000", UPLOADS_PER_DAY: "1000" });
  admin = await signedInAdmin(t);
  server = serveApp(t.app, { port: 0, hostname: "127.0.0.1", log: false, trustProxy: false });
  overNetwork = { ...t, ...overHttp(server.url.origin) };
});
afterAll(async () => {
  await server.stop(true);
  t.close();
});

/** A PDF of `size` bytes that does not repeat (so a chunk written twice, or dropped, shows). */
function randomPdf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
}

const storedBytes = (documentId: number) => {
  const { stored_name } = t.database.sqlite.query("select stored_name from reimbursement_documents where id = ?").get(documentId) as {
    stored_name: string;
  };
  return new Uint8Array(readFileSync(documentPath(documentsDir(t), stored_name)));
};

test("a 5 MB proof and a claim of three files, sent over HTTP, are stored byte for byte", async () => {
  const [ana, ben] = (await claimants(t, [{}, {}])) as [Claimant, Claimant];
  const policy = randomPdf(5 * 1024 * 1024);
  const proof = await sendProof(
    overNetwork,
    ana.cookie,
    form(proofFields({ coverageStart: ana.planStart }), [{ field: "file", file: file(policy, "policy.pdf") }]),
  );
  expect(proof.status).toBe(201);
  const { documents } = (await proof.json()) as { documents: { id: number }[] };
  expect(storedBytes(documents[0]!.id)).toEqual(policy);

  await provenCoverage(t, ben, admin);
  const bills = [randomPdf(2 * 1024 * 1024 + 7), randomPdf(100), randomPdf(3 * 1024 * 1024 - 11)];
  const claim = await sendClaim(
    overNetwork,
    ben.cookie,
    form(
      claimFields(),
      bills.map((bytes, i) => ({ field: "files", file: file(bytes, `bill-${i}.pdf`) })),
    ),
  );
  expect(claim.status).toBe(201);
  const sent = (await claim.json()) as { documents: { id: number; fileName: string }[] };
  expect(sent.documents.map((d) => d.fileName)).toEqual(["bill-0.pdf", "bill-1.pdf", "bill-2.pdf"]);
  for (const [i, d] of sent.documents.entries()) expect(storedBytes(d.id)).toEqual(bills[i]!);
});
