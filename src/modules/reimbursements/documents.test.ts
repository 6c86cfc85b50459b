// The document writer on its own: what it stores, and that it flushes while an upload is
// still arriving, so the fsync before the answer has only the tail left.
import { afterAll, expect, spyOn, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DocumentRefused, documentPath, finishTogether, servedFileName, startDocument } from "./documents";

const dir = mkdtempSync(join(tmpdir(), "ichra-documents-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
}

test("a document written in chunks is flushed a megabyte at a time before its final fsync, and stored byte for byte", async () => {
  const probe = await open(join(dir, "probe"), "w");
  const fileHandle = Object.getPrototypeOf(probe) as { datasync(): Promise<void>; sync(): Promise<void> };
  await probe.close();
  const calls: string[] = [];
  const realDatasync = fileHandle.datasync;
  const datasync = spyOn(fileHandle, "datasync");
  const sync = spyOn(fileHandle, "sync");
  datasync.mockImplementation(function (this: unknown) {
    calls.push("datasync");
    return realDatasync.call(this);
  });
  try {
    const bytes = pdfOf(3 * 1024 * 1024 + 12_345);
    const writer = await startDocument(dir, "policy.pdf");
    for (let at = 0; at < bytes.byteLength; at += 256 * 1024) {
      await writer.write(bytes.subarray(at, at + 256 * 1024));
      calls.push("write");
    }
    sync.mockImplementation(async () => void calls.push("sync"));
    const written = await writer.finish();
    expect(written).toMatchObject({ mediaType: "application/pdf", sizeBytes: bytes.byteLength, fileName: "policy.pdf" });
    expect(new Uint8Array(readFileSync(documentPath(dir, written.storedName)))).toEqual(bytes);
    // Flushes began while bytes were still being written, and the last fsync came after them.
    expect(calls.filter((c) => c === "datasync").length).toBeGreaterThanOrEqual(1);
    expect(calls.indexOf("datasync")).toBeLessThan(calls.lastIndexOf("write"));
    expect(calls.at(-1)).toBe("sync");
  } finally {
    datasync.mockRestore();
    sync.mockRestore();
  }
});

test("a flush that fails while the upload goes on fails the document: finish refuses it and discard removes the file", async () => {
  const probe = await open(join(dir, "probe-failing"), "w");
  const fileHandle = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
  await probe.close();
  const broken = new Error("EIO: the disk refused the flush");
  const datasync = spyOn(fileHandle, "datasync").mockImplementation(async () => Promise.reject(broken));
  try {
    const bytes = pdfOf(2 * 1024 * 1024);
    const writer = await startDocument(dir, "policy.pdf");
    for (let at = 0; at < bytes.byteLength; at += 256 * 1024) await writer.write(bytes.subarray(at, at + 256 * 1024));
    expect(datasync).toHaveBeenCalled();
    expect(await writer.finish().catch((error: unknown) => error)).toBe(broken);
    const before = readdirSync(dir).length;
    await writer.discard();
    expect(readdirSync(dir).length).toBe(before - 1);
  } finally {
    datasync.mockRestore();
  }
});

/** FileHandle's prototype, whose sync every file and the folder go through. */
async function fileHandlePrototype(): Promise<{ sync(): Promise<void> }> {
  const probe = await open(join(dir, "probe-prototype"), "w");
  await probe.close();
  return Object.getPrototypeOf(probe);
}

test("the files of one upload and their folder are flushed at once: every fsync has begun before the first ends", async () => {
  const names = ["policy.pdf", "bill-1.pdf", "bill-2.pdf"];
  const writers = await Promise.all(names.map((name) => startDocument(dir, name)));
  for (const [i, writer] of writers.entries()) await writer.write(pdfOf(10_000 + i));
  const fileHandle = await fileHandlePrototype();
  const realSync = fileHandle.sync;
  let begun = 0;
  let beganBeforeAnyEnded = 0;
  let ended = false;
  const sync = spyOn(fileHandle, "sync").mockImplementation(async function (this: unknown) {
    begun += 1;
    if (!ended) beganBeforeAnyEnded = begun;
    // Held long enough for the others to begin, were they started together.
    await Bun.sleep(20);
    await realSync.call(this);
    ended = true;
  });
  try {
    const written = await finishTogether(writers, dir);
    expect(written.map((w) => [w.fileName, w.sizeBytes])).toEqual(names.map((name, i) => [name, 10_000 + i]));
    // Three files and the folder.
    expect(begun).toBe(4);
    expect(beganBeforeAnyEnded).toBe(4);
  } finally {
    sync.mockRestore();
  }
});

test("finishing together: one refused file fails them all, once every other has settled, and discarding removes every file", async () => {
  const before = readdirSync(dir).length;
  const good = await startDocument(dir, "policy.pdf");
  await good.write(pdfOf(10_000));
  const empty = await startDocument(dir, "blank.pdf");
  const refusal = await finishTogether([good, empty], dir).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(DocumentRefused);
  expect(refusal).toMatchObject({ problem: "empty", fileName: "blank.pdf" });
  await Promise.all([good.discard(), empty.discard()]);
  expect(readdirSync(dir).length).toBe(before);
});

test("a document is served under a name ending in its recognised type's extension, whatever the sender called it", () => {
  expect(servedFileName("receipt.pdf", "application/pdf")).toBe("receipt.pdf");
  expect(servedFileName("Bill.PDF", "application/pdf")).toBe("Bill.PDF");
  expect(servedFileName("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
  expect(servedFileName("photo.JPG", "image/jpeg")).toBe("photo.JPG");
  // A PDF sent as a web page opens as a PDF, never as a page.
  expect(servedFileName("receipt.html", "application/pdf")).toBe("receipt.html.pdf");
  expect(servedFileName("scan", "image/png")).toBe("scan.png");
  expect(servedFileName("scan.png", "image/jpeg")).toBe("scan.png.jpg");
});
