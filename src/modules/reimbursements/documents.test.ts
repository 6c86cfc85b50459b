// The document writer on its own: what it stores, and that it flushes while an upload is
// still arriving, so the fsync before the answer has only the tail left.
import { afterAll, expect, spyOn, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { documentPath, servedFileName, startDocument } from "./documents";

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
