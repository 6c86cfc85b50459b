import { describe, expect, test } from "bun:test";
import { boundaryOf, type FileSink, MultipartProblem, plainFileName, readMultipart } from "./multipart";

/**
 * A body delivered in chunks of `size` bytes (1 puts every boundary across chunks), each a
 * buffer of its own; `pulled` sees each chunk as the reader takes it.
 */
function chunked(bytes: Uint8Array, size: number, pulled?: (chunk: Uint8Array<ArrayBuffer>) => void): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const chunk = bytes.slice(at, at + size);
      pulled?.(chunk);
      controller.enqueue(chunk);
      at += size;
    },
  });
}

/** The limits these tests read with unless one says otherwise. */
const limits = {
  textFields: ["month", "amount", "note"],
  fileField: "files",
  maxFiles: 5,
  maxFieldBytes: 1024,
  maxBodyBytes: 10 * 1024 * 1024,
};

/** Every file goes to a sink that does only `write` with each chunk. */
const sinkWriting = (write: (chunk: Uint8Array) => Promise<void>) => async (): Promise<FileSink> => ({ write, end: async () => {} });

interface Collected {
  name: string;
  bytes: Uint8Array;
  ended: boolean;
}

async function read(body: Uint8Array, boundary: string, options: Partial<typeof limits> = {}, chunkSize = 64 * 1024) {
  const files: Collected[] = [];
  const { fields } = await readMultipart(chunked(body, chunkSize), boundary, {
    ...limits,
    ...options,
    async openFile(name) {
      const file: Collected = { name, bytes: new Uint8Array(), ended: false };
      files.push(file);
      return {
        async write(chunk) {
          const next = new Uint8Array(file.bytes.length + chunk.length);
          next.set(file.bytes);
          next.set(chunk, file.bytes.length);
          file.bytes = next;
        },
        async end() {
          file.ended = true;
        },
      };
    },
  });
  return { fields, files };
}

/** The body and boundary the platform's own FormData writes, as a browser sends it. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; boundary: string }> {
  const res = new Response(form);
  const boundary = boundaryOf(res.headers.get("content-type"))!;
  return { body: new Uint8Array(await res.arrayBuffer()), boundary };
}

const enc = (text: string) => new TextEncoder().encode(text);

describe("reading multipart/form-data as it streams", () => {
  test("fields and files from a browser-built form, whatever the chunk size", async () => {
    // Binary content that holds CRLFs, dashes and a near-boundary.
    const pdf = enc("%PDF-1.7\r\n--not-the-boundary\r\n\r\n%%EOF\r\n");
    const photo = crypto.getRandomValues(new Uint8Array(30_000));
    const form = new FormData();
    form.append("month", "2027-01");
    form.append("files", new File([pdf], "bill.pdf", { type: "application/pdf" }));
    form.append("amount", "412.50");
    form.append("files", new File([photo], "C:\\Users\\ana\\photo.png", { type: "image/png" }));
    form.append("unknown", "dropped");
    form.append("note", "Ça coûte cher — 🙂");
    const { body, boundary } = await encoded(form);
    for (const size of [1, 7, 70, 4096, body.length]) {
      const { fields, files } = await read(body, boundary, {}, size);
      expect(fields).toEqual({ month: "2027-01", amount: "412.50", note: "Ça coûte cher — 🙂" });
      expect(files.map((f) => [f.name, f.ended, f.bytes.length])).toEqual([
        ["bill.pdf", true, pdf.length],
        ["photo.png", true, photo.length],
      ]);
      expect(files[0]!.bytes).toEqual(pdf);
      expect(files[1]!.bytes).toEqual(photo);
    }
  });

  test("reads quoted boundaries, a preamble and filename*", async () => {
    const body = enc(
      [
        "This is a preamble.",
        "--b=1 2",
        'Content-Disposition: form-data; name="month"',
        "",
        "2027-02",
        "--b=1 2",
        "Content-Disposition: form-data; name=files; filename=\"a.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf",
        "Content-Type: application/pdf",
        "",
        "%PDF-x",
        "--b=1 2--",
        "epilogue",
      ].join("\r\n"),
    );
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="b=1 2"')).toBe("b=1 2");
    const { fields, files } = await read(body, "b=1 2", {}, 3);
    expect(fields).toEqual({ month: "2027-02" });
    expect(files.map((f) => [f.name, new TextDecoder().decode(f.bytes)])).toEqual([["résumé.pdf", "%PDF-x"]]);
  });

  test("a part after a boundary line with trailing spaces (transport padding) is dropped, not misread", async () => {
    // RFC 2046 allows the spaces, but no browser or HTTP library sends them, and busboy
    // does not look past them: the part is skipped whole, and none of it lands elsewhere.
    const body = enc(
      [
        "--b",
        'Content-Disposition: form-data; name="month"',
        "",
        "2027-02",
        "--b  ",
        'Content-Disposition: form-data; name="files"; filename="a.pdf"',
        "",
        "%PDF-x",
        "--b",
        'Content-Disposition: form-data; name="amount"',
        "",
        "12",
        "--b--",
      ].join("\r\n"),
    );
    expect(await read(body, "b")).toEqual({ fields: { month: "2027-02", amount: "12" }, files: [] });
  });

  test("a file name sent in UTF-8 keeps its letters", async () => {
    const form = new FormData();
    form.append("files", new File([enc("%PDF-1.7")], "reçu d'été 🙂.pdf"));
    const { body, boundary } = await encoded(form);
    const { files } = await read(body, boundary);
    expect(files.map((f) => f.name)).toEqual(["reçu d'été 🙂.pdf"]);
  });

  test("a slow sink holds the reading back: a 5 MB file is never read far ahead of its writing", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(5 * 1024 * 1024)], "scan.pdf"));
    const source = await encoded(form);
    let pulled = 0;
    let written = 0;
    let ahead = 0;
    const stream = chunked(source.body, 64 * 1024, (chunk) => {
      pulled += chunk.length;
    });
    await readMultipart(stream, source.boundary, {
      ...limits,
      openFile: sinkWriting(async (chunk) => {
        ahead = Math.max(ahead, pulled - written);
        // A disk that answers only after the event loop has turned.
        await new Promise((resolve) => setImmediate(resolve));
        written += chunk.length;
      }),
    });
    expect(written).toBe(5 * 1024 * 1024);
    expect(ahead).toBeLessThan(1024 * 1024);
  });

  test("gives each chunk's memory back once its file bytes are written, never before, and every chunk by the end", async () => {
    const form = new FormData();
    form.append("month", "2027-01");
    form.append("files", new File([crypto.getRandomValues(new Uint8Array(60_000))], "a.pdf"));
    form.append("files", new File([new Uint8Array(2 * 1024 * 1024).fill(7)], "b.pdf"));
    const { body, boundary } = await encoded(form);
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let detachedWhenHandedOver = 0;
    let releasedWhileReading = 0;
    const { fields } = await readMultipart(
      chunked(body, 64 * 1024, (chunk) => chunks.push(chunk)),
      boundary,
      {
        ...limits,
        openFile: sinkWriting(async (chunk) => {
          if ((chunk.buffer as ArrayBuffer).detached) detachedWhenHandedOver += 1;
          releasedWhileReading = Math.max(releasedWhileReading, chunks.filter((c) => c.buffer.detached).length);
        }),
      },
    );
    expect(fields).toEqual({ month: "2027-01" });
    expect(detachedWhenHandedOver).toBe(0);
    // Held back until the end, 2 MB of chunks would have sat in memory at once.
    expect(releasedWhileReading).toBeGreaterThan(chunks.length - 4);
    expect(chunks.every((c) => c.buffer.detached)).toBe(true);
  });

  test("refuses what is not multipart/form-data", () => {
    expect(boundaryOf("application/json")).toBeNull();
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf(null)).toBeNull();
    expect(boundaryOf("multipart/mixed; boundary=x")).toBeNull();
  });

  test("a file name keeps no path or control characters", () => {
    expect(plainFileName("../../etc/passwd")).toBe("passwd");
    expect(plainFileName("C:\\fakepath\\bill\u0000.pdf")).toBe("bill.pdf");
    expect(plainFileName("")).toBe("document");
  });

  const problem = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e) => e,
    );
    expect(error).toBeInstanceOf(MultipartProblem);
    return (error as MultipartProblem).problem;
  };

  test("stops at the limits: body size, file count, field size, part count", async () => {
    const form = new FormData();
    for (let i = 0; i < 3; i++) form.append("files", new File([new Uint8Array(1000)], `f${i}.pdf`));
    form.append("note", "x".repeat(2000));
    const { body, boundary } = await encoded(form);
    expect(await problem(read(body, boundary, { maxBodyBytes: 1500 }))).toBe("too-large");
    expect(await problem(read(body, boundary, { maxFiles: 2 }))).toBe("too-many-files");
    expect(await problem(read(body, boundary, { maxFieldBytes: 1000 }))).toBe("field-too-large");
    const many = new FormData();
    for (let i = 0; i < 60; i++) many.append(`x${i}`, "1");
    const manyParts = await encoded(many);
    expect(await problem(read(manyParts.body, manyParts.boundary))).toBe("too-many-parts");
  });

  test("a body at the limits is read: a field of the largest size, 50 parts, the most files", async () => {
    const form = new FormData();
    form.append("note", "é".repeat(512));
    for (let i = 0; i < 5; i++) form.append("files", new File([enc("%PDF")], `f${i}.pdf`));
    for (let i = 0; i < 44; i++) form.append(`x${i}`, "1");
    const { body, boundary } = await encoded(form);
    const { fields, files } = await read(body, boundary, { maxFieldBytes: 1024, maxFiles: 5, maxBodyBytes: body.length });
    expect(fields).toEqual({ note: "é".repeat(512) });
    expect(files.length).toBe(5);
  });

  test("a sink's own error is what the reading throws", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(200_000)], "a.pdf"));
    const { body, boundary } = await encoded(form);
    const refused = new Error("not a PDF");
    const thrown = await readMultipart(chunked(body, 4096), boundary, {
      ...limits,
      openFile: sinkWriting(async () => Promise.reject(refused)),
    }).catch((e) => e);
    expect(thrown).toBe(refused);
  });

  test("a truncated or garbled body is malformed", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(500)], "a.pdf"));
    const { body, boundary } = await encoded(form);
    expect(await problem(read(body.subarray(0, body.length - 20), boundary))).toBe("malformed");
    expect(await problem(read(enc("no boundary here at all"), boundary))).toBe("malformed");
    expect(await problem(read(enc(`--${boundary}\r\n${"x".repeat(9000)}`), boundary))).toBe("malformed");
    expect(await problem(read(enc(`--${boundary}junk\r\n\r\n`), boundary))).toBe("malformed");
    // Cut short inside a file part nobody reads, and inside one being written.
    const other = new FormData();
    other.append("scans", new File([new Uint8Array(500)], "a.pdf"));
    const skipped = await encoded(other);
    expect(await problem(read(skipped.body.subarray(0, 300), skipped.boundary))).toBe("malformed");
    expect(await problem(read(body.subarray(0, 300), boundary))).toBe("malformed");
  });

  test("a body whose stream breaks (the client went away mid-upload) is malformed, not an error of ours", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(200_000)], "a.pdf"));
    const { body, boundary } = await encoded(form);
    const broken = (after: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body.slice(0, after));
          controller.error(new Error(""));
        },
      });
    for (const after of [0, 100, 100_000]) {
      const thrown = await readMultipart(broken(after), boundary, { ...limits, openFile: sinkWriting(async () => {}) }).catch((e) => e);
      expect({ after, problem: thrown instanceof MultipartProblem ? thrown.problem : String(thrown) }).toEqual({
        after,
        problem: "malformed",
      });
    }
  });

  test("file parts under other names and text parts nobody asked for are dropped unread", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(10)], "other.pdf"));
    form.append("month", new File([new Uint8Array(10)], "month.pdf"));
    form.append("files", "not a file");
    const { body, boundary } = await encoded(form);
    expect(await read(body, boundary)).toEqual({ fields: {}, files: [] });
  });
});
