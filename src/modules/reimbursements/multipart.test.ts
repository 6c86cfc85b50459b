import { describe, expect, test } from "bun:test";
import { boundaryOf, MultipartProblem, plainFileName, readMultipart } from "./multipart";

/** A body delivered in chunks of `size` bytes (1 puts every boundary across chunks). */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

interface Collected {
  name: string;
  bytes: Uint8Array;
  ended: boolean;
}

async function read(
  body: Uint8Array,
  boundary: string,
  options: Partial<{ textFields: string[]; fileField: string; maxFiles: number; maxFieldBytes: number; maxBodyBytes: number }> = {},
  chunkSize = 64 * 1024,
) {
  const files: Collected[] = [];
  const { fields } = await readMultipart(chunked(body, chunkSize), boundary, {
    textFields: options.textFields ?? ["month", "amount", "note"],
    fileField: options.fileField ?? "files",
    maxFiles: options.maxFiles ?? 5,
    maxFieldBytes: options.maxFieldBytes ?? 1024,
    maxBodyBytes: options.maxBodyBytes ?? 10 * 1024 * 1024,
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

  test("reads quoted boundaries, a preamble, transport padding and filename*", async () => {
    const body = enc(
      [
        "This is a preamble.",
        "--b=1 2",
        'Content-Disposition: form-data; name="month"',
        "",
        "2027-02",
        "--b=1 2  ",
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

  test("a truncated or garbled body is malformed", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(500)], "a.pdf"));
    const { body, boundary } = await encoded(form);
    expect(await problem(read(body.subarray(0, body.length - 20), boundary))).toBe("malformed");
    expect(await problem(read(enc("no boundary here at all"), boundary))).toBe("malformed");
    expect(await problem(read(enc(`--${boundary}\r\n${"x".repeat(9000)}`), boundary))).toBe("malformed");
    expect(await problem(read(enc(`--${boundary}junk\r\n\r\n`), boundary))).toBe("malformed");
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
