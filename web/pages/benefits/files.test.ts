import { afterEach, describe, expect, test } from "bun:test";
import { MAX_FILE_BYTES, messages } from "@src/modules/reimbursements/model";
import { keptFiles, withPhotosFitted } from "./files";

const sized = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

describe("picking files", () => {
  test("files that need nothing are handed on at once, with no preparing", () => {
    const heard: boolean[] = [];
    let taken: File[] | null = null;
    const pdf = sized("bill.pdf", "application/pdf", 10);
    withPhotosFitted(
      [pdf],
      (files) => (taken = files),
      (busy) => heard.push(busy),
    );
    expect(taken!).toEqual([pdf]);
    expect(heard).toEqual([]);
  });

  test("a photo over the limit is prepared first: the field hears it start and end, then gets the files", async () => {
    const heard: boolean[] = [];
    const photo = sized("IMG_1.jpg", "image/jpeg", MAX_FILE_BYTES + 1);
    const taken = await new Promise<File[]>((resolve) => withPhotosFitted([photo], resolve, (busy) => heard.push(busy)));
    await Promise.resolve();
    expect(heard).toEqual([true, false]);
    // This browser cannot redraw it (no canvas here): it comes back as it was, and the size check says why.
    expect(keptFiles(taken, 1)).toEqual({ kept: [], problem: messages.fileTooLarge("IMG_1.jpg") });
  });

  describe("when the browser fails while redrawing", () => {
    const had = globalThis.createImageBitmap;
    afterEach(() => {
      globalThis.createImageBitmap = had;
    });

    test("the photo is handed on as it was, so the pick is not lost and the size check says why", async () => {
      // A bitmap whose size cannot be read: the redraw throws part-way, as a huge photo can.
      globalThis.createImageBitmap = (async () => ({
        get width(): number {
          throw new Error("out of memory");
        },
        height: 3000,
        close() {},
      })) as unknown as typeof createImageBitmap;
      const photo = sized("IMG_2.jpg", "image/jpeg", MAX_FILE_BYTES + 1);
      const heard: boolean[] = [];
      const taken = await new Promise<File[]>((resolve) => withPhotosFitted([photo], resolve, (busy) => heard.push(busy)));
      expect(taken).toEqual([photo]);
      await Promise.resolve();
      expect(heard).toEqual([true, false]);
    });
  });
});
