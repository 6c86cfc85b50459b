// Reads an upload (a proof or a claim with its files): refuses a body declared too large
// before reading a byte, streams each file to the documents folder while checking its size
// and type, and answers the text fields and the files written. Any refusal deletes what
// was written and names the field in words a person understands.
import type { TObject } from "@sinclair/typebox";
import { badRequest, fieldError, HttpError } from "../../http/errors";
import { plainText } from "../../lib/plain-text";
import { DocumentRefused, type DocumentWriter, finishTogether, startDocument, type WrittenDocument } from "./documents";
import { messages } from "./model";
import { boundaryOf, MultipartProblem, readMultipart } from "./multipart";

export interface UploadRules {
  /** The form's file field ("file" or "files") and how many it takes. */
  fileField: string;
  minFiles: number;
  maxFiles: number;
  /** The form's text fields: the schema they are validated with once read. */
  fields: TObject;
  /** Text fields of several lines (a note): they keep their line breaks, the others become one line. */
  multiline?: readonly string[];
  /** Every byte of the request. */
  maxBodyBytes: number;
  /** The message for a missing file or too few files. */
  filesMessage: string;
  /** The message for a body over `maxBodyBytes`. */
  tooLargeMessage: string;
  /** The message for more files than `maxFiles`. */
  tooManyMessage: string;
}

export interface Upload {
  fields: Record<string, string>;
  files: WrittenDocument[];
  /** Deletes the files (the row naming them was not written). */
  discard(): Promise<void>;
}

const tooLarge = (rules: UploadRules) => new HttpError(413, rules.tooLargeMessage, { [rules.fileField]: rules.tooLargeMessage });

/** Text fields hold a few hundred characters; 20 KB is room for any of them in any script. */
const MAX_FIELD_BYTES = 20 * 1024;

/**
 * Runs `record` (the checks and the transaction writing the rows that name the files) and
 * deletes the files if it throws. Only that: once the rows commit the files are theirs, so
 * reading the answer afterwards stays outside, where a failure cannot delete them.
 */
export async function recordOrDiscard<T>(upload: Upload, record: () => T | Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

export async function readUpload(request: Request, dir: string, rules: UploadRules): Promise<Upload> {
  if (Number(request.headers.get("content-length") ?? 0) > rules.maxBodyBytes) throw tooLarge(rules);
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (!boundary || !request.body) throw badRequest(messages.notMultipart, { [rules.fileField]: rules.filesMessage });
  const writers: DocumentWriter[] = [];
  const discard = async () => {
    await Promise.all(writers.map((writer) => writer.discard()));
  };
  try {
    const read = await readMultipart(request.body, boundary, {
      textFields: Object.keys(rules.fields.properties),
      fileField: rules.fileField,
      maxFiles: rules.maxFiles,
      maxFieldBytes: MAX_FIELD_BYTES,
      maxBodyBytes: rules.maxBodyBytes,
      async openFile(fileName) {
        const writer = await startDocument(dir, fileName);
        writers.push(writer);
        // Each file is finished (flushed) with the others once the body is read.
        return { write: (chunk) => writer.write(chunk), end: async () => {} };
      },
    });
    // Checked and stored as a person typed them: no control characters (plain-text.ts).
    const fields = Object.fromEntries(
      Object.entries(read.fields).map(([name, value]) => [name, plainText(value, rules.multiline?.includes(name))]),
    );
    if (writers.length < rules.minFiles) throw fieldError(rules.fileField, rules.filesMessage);
    const files: WrittenDocument[] = writers.length ? await finishTogether(writers, dir) : [];
    return { fields, files, discard };
  } catch (error) {
    await discard();
    throw refusalOf(error, rules);
  }
}

/** What the field's schema says of a bad value (a value this long can only be refused), as validation would. */
function ownMessage(fields: TObject, name: string): string {
  const said = (fields.properties[name] as { messages?: Record<string, string> } | undefined)?.messages ?? {};
  return said.maxLength ?? said.pattern ?? said.enum ?? said.required ?? "Please shorten this.";
}

function refusalOf(error: unknown, rules: UploadRules): unknown {
  const field = rules.fileField;
  const bad = (message: string, name = field) => fieldError(name, message);
  if (error instanceof DocumentRefused) {
    if (error.problem === "too-large") return bad(messages.fileTooLarge(error.fileName));
    if (error.problem === "empty") return bad(messages.emptyFile(error.fileName));
    return bad(messages.fileType(error.fileName));
  }
  if (error instanceof MultipartProblem) {
    switch (error.problem) {
      case "too-large":
        return tooLarge(rules);
      case "too-many-files":
        return bad(rules.tooManyMessage);
      case "field-too-large":
        return bad(ownMessage(rules.fields, error.message), error.message);
      case "field-repeated":
        return bad(messages.fieldRepeated, error.message);
      default:
        return badRequest("The upload could not be read. Please send the form again.", { [field]: rules.filesMessage });
    }
  }
  return error;
}
