// The checks a browser can make on chosen files, with the server's own messages, made as
// soon as they are picked. The server decides by the bytes; this only spares a phone a 5 MB
// upload that would be refused for its name or size, and says so while the person is still
// choosing rather than after pressing send.
import type { TSchema } from "@sinclair/typebox";
import { ACCEPTED_MEDIA_TYPES, MAX_FILE_BYTES, messages } from "@src/modules/reimbursements/model";
import { fitPhoto, photoOverLimit } from "../../lib/fit-photo";

/** The schema's messages for the fields (none: {}). The checker loads on the first submit, not with the screen. */
export async function fieldErrorsOf(schema: TSchema, fields: unknown): Promise<Record<string, string>> {
  const { validate } = await import("@src/lib/field-errors");
  return validate(schema, fields) ?? {};
}

const acceptedName = /\.(pdf|jpe?g|png)$/i;

function fileProblem(file: File): string | undefined {
  if (file.size === 0) return messages.emptyFile(file.name);
  if (file.size > MAX_FILE_BYTES) return messages.fileTooLarge(file.name);
  const typeKnown = (ACCEPTED_MEDIA_TYPES as readonly string[]).includes(file.type);
  if (!typeKnown && !acceptedName.test(file.name)) return messages.fileType(file.name);
  return undefined;
}

/** The first problem among `files`, or `whenNone` when there are fewer than `min`. */
export function filesProblem(files: readonly File[], min: number, whenNone: string): string | undefined {
  if (files.length < min) return whenNone;
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What a file field keeps of a pick (or of a removal): the files that can be sent, at most
 * `max`, and why any other was left out (the first reason), to show under the field at once.
 */
export function keptFiles(files: readonly File[], max: number): { kept: File[]; problem?: string } {
  const kept: File[] = [];
  let problem: string | undefined;
  for (const file of files) {
    const refused = fileProblem(file) ?? (kept.length >= max ? messages.tooManyFiles : undefined);
    if (refused) problem ??= refused;
    else kept.push(file);
  }
  return { kept, problem };
}

/**
 * Hands `files` to `take`: at once, or, when a photo among them is over the limit, once it is
 * redrawn to fit (a phone camera's photo of a bill is often larger than 5 MB); `preparing`
 * hears when that starts and ends, for the field to say so meanwhile.
 */
export function withPhotosFitted(files: File[], take: (files: File[]) => void, preparing?: (busy: boolean) => void): void {
  if (!files.some((file) => photoOverLimit(file, MAX_FILE_BYTES))) {
    take(files);
    return;
  }
  preparing?.(true);
  // A photo the browser fails to redraw (out of memory for a huge one) goes on as it was,
  // for the size check to say why it cannot be sent: the pick itself is never lost.
  void Promise.all(files.map((file) => fitPhoto(file, MAX_FILE_BYTES).catch(() => file)))
    .then(take)
    .finally(() => preparing?.(false));
}
