// Phone cameras take photos larger than the 5 MB a document may be. A JPEG or PNG photo over
// the limit is redrawn here as a smaller JPEG before it is sent, rather than refused: a
// photo of a bill stays readable at a few thousand pixels a side.

/** The longest sides tried, largest first: the first that fits the limit is kept. */
const LONG_SIDES = [3200, 2400, 1800, 1200];
const JPEG_QUALITY = 0.85;

/** A JPEG or PNG photo over `maxBytes`: one fitPhoto would redraw. */
export const photoOverLimit = (file: File, maxBytes: number) =>
  file.size > maxBytes && (file.type === "image/jpeg" || file.type === "image/png");

/**
 * `file` itself when it fits `maxBytes` or is not a JPEG or PNG; else the same picture as a
 * JPEG that fits, named like it with `.jpg`. A photo this browser cannot redraw comes back
 * as it was, and the size check then says why it cannot be sent.
 */
export async function fitPhoto(file: File, maxBytes: number): Promise<File> {
  if (!photoOverLimit(file, maxBytes) || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    // The camera's orientation tag is applied, so a photo taken upright stays upright.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    for (const longSide of LONG_SIDES) {
      const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext("2d");
      if (!context) return file;
      // A PNG's transparent parts would turn black in a JPEG: they go on white, like paper.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
      if (blob && blob.size > 0 && blob.size <= maxBytes) {
        const name = `${file.name.replace(/\.(jpe?g|png)$/i, "")}.jpg`;
        return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
      }
    }
    return file;
  } finally {
    bitmap.close();
  }
}
