// The enrollment's census: upload (parse, validate, replace), summary, skip, template.

import { censusEmployees } from "@db/schema";
import { and, count, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { badRequest, conflict, type HttpError, tooMany } from "../../http/errors";
import { csvRecords, neutralise } from "../../lib/csv-cells";
import type { EnrollmentRow } from "../businesses/access";
import type { ClassBasis } from "../compliance/rules";
import { aRegistration } from "../employees/service";
import { countForClass, sameClassName } from "../enrollments/classes";
import { assertOpen, updateOpenEnrollment } from "../enrollments/open";
import { documentFilesOf, documentsDirOf, removeDocumentFiles } from "../reimbursements/documents";
import {
  CENSUS_COLUMNS,
  CENSUS_MAX_ERRORS,
  CENSUS_MAX_ROWS,
  CENSUS_SENT_MESSAGE,
  type CensusSummary,
  type CensusUploadAnswer,
  CLASSES_CHANGED_MESSAGE,
  EMPTY_FILE_MESSAGE,
  NO_CLASSES_FOR_CENSUS_MESSAGE,
  REGISTERED_EMPLOYEES_MESSAGE,
  SHEET_CELL_TOO_LONG_MESSAGE,
  SHEET_DAMAGED_MESSAGE,
  SHEET_NOT_READ_MESSAGE,
  SHEET_TOO_LARGE_MESSAGE,
  SHEET_TOO_MANY_CELLS_MESSAGE,
  SHEET_TOO_MANY_PARTS_MESSAGE,
  SHEETS_BUSY_MESSAGE,
  TOO_MANY_ROWS_MESSAGE,
  WRONG_TYPE_MESSAGE,
} from "./model";
import { mapColumns, validateRows } from "./rows";
import { type CensusSheet, sheetKind } from "./sheet";
import { readCensusSheetApart } from "./sheet-process";
import { type SheetProblem, SheetRefused } from "./sheet-refused";

// Replacing the census deletes its employees; what they typed must never go with them.
// Checked before reading the file (a quick answer) and again in the replacing transaction.

/** What a person is told for each reason a file is refused unread. */
export const refusalMessages: Record<Exclude<SheetProblem, "busy">, string> = {
  "too-large": SHEET_TOO_LARGE_MESSAGE,
  "too-many-entries": SHEET_TOO_MANY_PARTS_MESSAGE,
  "too-many-rows": TOO_MANY_ROWS_MESSAGE,
  "too-many-cells": SHEET_TOO_MANY_CELLS_MESSAGE,
  "cell-too-long": SHEET_CELL_TOO_LONG_MESSAGE,
  damaged: SHEET_DAMAGED_MESSAGE,
  unreadable: WRONG_TYPE_MESSAGE,
  "not-read": SHEET_NOT_READ_MESSAGE,
};

/** A refused file is the sender's to fix (400); readers all busy is a wait (429). */
function refusal(problem: SheetProblem): HttpError {
  if (problem === "busy") return tooMany(5, SHEETS_BUSY_MESSAGE);
  const message = refusalMessages[problem];
  return badRequest(message, { file: message });
}

/** Any employee of the enrollment who has been sent an invitation or their notice. */
const anyoneSentTo = (db: DB | Tx, enrollmentId: number) =>
  db
    .select({ id: censusEmployees.id })
    .from(censusEmployees)
    .where(
      and(
        eq(censusEmployees.enrollmentId, enrollmentId),
        or(isNotNull(censusEmployees.inviteSentAt), isNotNull(censusEmployees.noticeSentAt)),
      ),
    )
    .limit(1);

/**
 * Before submitting, the census can be replaced until someone registers. After submitting
 * (an employer who skipped the step uploads it from the dashboard), only until anything has
 * gone out to the employees: an invited or notified employee must not vanish; later
 * employees are added one by one.
 */
function assertReplaceable(db: DB | Tx, enrollment: Pick<EnrollmentRow, "id" | "finalizedAt">) {
  if (aRegistration(db, enrollment.id).get()) throw conflict(REGISTERED_EMPLOYEES_MESSAGE);
  if (enrollment.finalizedAt !== null && anyoneSentTo(db, enrollment.id).get()) throw conflict(CENSUS_SENT_MESSAGE);
}

/** Parses and validates the file; valid rows replace the enrollment's employees. */
export async function uploadCensus(
  db: DB,
  enrollment: EnrollmentRow,
  file: { name: string; bytes: Uint8Array },
  today: string,
  businessZip: string,
): Promise<CensusUploadAnswer> {
  const classNames = (enrollment.employeeClasses ?? []).map((c) => c.name);
  const geography = (enrollment.employeeClasses ?? []).map((c) => ({ ...c, basis: c.basis as ClassBasis[] | undefined }));
  if (classNames.length === 0) throw conflict(NO_CLASSES_FOR_CENSUS_MESSAGE);
  assertReplaceable(db, enrollment);
  const kind = sheetKind(file.name, file.bytes);
  if (!kind) throw badRequest(WRONG_TYPE_MESSAGE, { file: WRONG_TYPE_MESSAGE });

  let sheet: CensusSheet;
  try {
    sheet = await readCensusSheetApart(kind, file.bytes);
  } catch (error) {
    if (error instanceof SheetRefused) throw refusal(error.problem);
    throw error;
  }
  const { header, rows: data } = sheet;
  if (!header || data.length === 0) throw badRequest(EMPTY_FILE_MESSAGE, { file: EMPTY_FILE_MESSAGE });
  if (data.length > CENSUS_MAX_ROWS) throw badRequest(TOO_MANY_ROWS_MESSAGE, { file: TOO_MANY_ROWS_MESSAGE });
  const { columns, missing } = mapColumns(header);
  if (missing.length) {
    const message = `The file is missing these columns: ${missing.join(", ")}. Please use the census template.`;
    throw badRequest(message, { file: message });
  }

  const result = validateRows(data, columns, { classNames, today, geography, defaultWorkZip: businessZip });
  // A file with no valid row leaves the stored census as it was rather than emptying it.
  if (result.employees.length > 0) {
    // Removed employees take their reimbursements along (rows by cascade, files below).
    let departedFiles: string[] = [];
    db.transaction((tx) => {
      // Submitted, the classes can no longer change; open, a class change that landed while
      // the rows were checked could leave them naming a class that no longer exists.
      if (enrollment.finalizedAt === null) {
        const current = updateOpenEnrollment(tx, enrollment.id, { censusSkipped: false, censusRejectedRows: result.rejected });
        if ((current.employeeClasses ?? []).map((c) => c.name).join("\n") !== classNames.join("\n"))
          throw conflict(CLASSES_CHANGED_MESSAGE);
      }
      assertReplaceable(tx, enrollment);
      const departed = tx
        .select({ id: censusEmployees.id })
        .from(censusEmployees)
        .where(eq(censusEmployees.enrollmentId, enrollment.id))
        .all();
      departedFiles = documentFilesOf(
        tx,
        departed.map((e) => e.id),
      );
      tx.delete(censusEmployees).where(eq(censusEmployees.enrollmentId, enrollment.id)).run();
      // One statement built once and run per row: Drizzle building multi-row inserts took
      // half a second for 5,000 rows, all of it holding the event loop.
      const insert = tx
        .insert(censusEmployees)
        .values({
          enrollmentId: enrollment.id,
          rowNumber: sql.placeholder("rowNumber"),
          firstName: sql.placeholder("firstName"),
          lastName: sql.placeholder("lastName"),
          email: sql.placeholder("email"),
          dateOfBirth: sql.placeholder("dateOfBirth"),
          homeZip: sql.placeholder("homeZip"),
          className: sql.placeholder("className"),
          phone: sql.placeholder("phone"),
          hireDate: sql.placeholder("hireDate"),
          employmentType: sql.placeholder("employmentType"),
          workZip: sql.placeholder("workZip"),
        })
        .prepare();
      for (const employee of result.employees) insert.run({ ...employee });
    });
    await removeDocumentFiles(documentsDirOf(db), departedFiles);
  }
  return { accepted: result.employees.length, rejected: result.rejected, errors: result.errors.slice(0, CENSUS_MAX_ERRORS) };
}

const censusCountQuery = (db: DB | Tx, enrollmentIds: number[]) =>
  db
    .select({ enrollmentId: censusEmployees.enrollmentId, className: censusEmployees.className, n: sql<number>`count(*)` })
    .from(censusEmployees)
    .where(inArray(censusEmployees.enrollmentId, enrollmentIds))
    .groupBy(censusEmployees.enrollmentId, censusEmployees.className);

function byEnrollmentAndClass(rows: { enrollmentId: number; className: string; n: number }[]): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  for (const row of rows) {
    if (!out.has(row.enrollmentId)) out.set(row.enrollmentId, new Map());
    out.get(row.enrollmentId)!.set(row.className, row.n);
  }
  return out;
}

/** Census headcount per enrollment and class, for the given enrollments. */
export async function censusCounts(db: DB, enrollmentIds: number[]): Promise<Map<number, Map<string, number>>> {
  if (enrollmentIds.length === 0) return new Map();
  return byEnrollmentAndClass(await censusCountQuery(db, enrollmentIds));
}

/** The same, inside a transaction (whose callbacks are synchronous on bun:sqlite). */
export function censusCountsIn(tx: Tx, enrollmentIds: number[]): Map<number, Map<string, number>> {
  if (enrollmentIds.length === 0) return new Map();
  return byEnrollmentAndClass(censusCountQuery(tx, enrollmentIds).all());
}

/** The census rows of the enrollments given, by class, of those employed on each one's plan year's first day. */
const firstDayQuery = (db: DB | Tx, enrollments: readonly { id: number; effectiveDate: string }[]) => {
  const firstDay = sql.join(
    [sql`case ${censusEmployees.enrollmentId}`, ...enrollments.map((e) => sql`when ${e.id} then ${e.effectiveDate}`), sql`end`],
    sql` `,
  );
  return db
    .select({ enrollmentId: censusEmployees.enrollmentId, className: censusEmployees.className, n: sql<number>`count(*)` })
    .from(censusEmployees)
    .where(
      and(
        inArray(
          censusEmployees.enrollmentId,
          enrollments.map((e) => e.id),
        ),
        or(isNull(censusEmployees.hireDate), sql`${censusEmployees.hireDate} <= ${firstDay}`),
      ),
    )
    .groupBy(censusEmployees.enrollmentId, censusEmployees.className);
};

/**
 * Census headcount per enrollment and class of those employed on its plan year's first day
 * (no hire date, or hired by then): the minimum class size counts the employees expected in
 * the class on that day (26 CFR 54.9802-4(d)(3)), not those hired later.
 */
export async function firstDayCounts(
  db: DB,
  enrollments: readonly { id: number; effectiveDate: string }[],
): Promise<Map<number, Map<string, number>>> {
  if (enrollments.length === 0) return new Map();
  return byEnrollmentAndClass(await firstDayQuery(db, enrollments));
}

/** The same, inside a transaction (whose callbacks are synchronous on bun:sqlite). */
export function firstDayCountsIn(tx: Tx, enrollments: readonly { id: number; effectiveDate: string }[]): Map<number, Map<string, number>> {
  if (enrollments.length === 0) return new Map();
  return byEnrollmentAndClass(firstDayQuery(tx, enrollments).all());
}

/** How many employees the enrollment's census holds, inside a transaction. */
export const censusRowsIn = (tx: Tx, enrollmentId: number): number =>
  tx.select({ n: count() }).from(censusEmployees).where(eq(censusEmployees.enrollmentId, enrollmentId)).get()?.n ?? 0;

/** A census employee as the class rules see them. */
export interface CensusPerson {
  rowNumber: number;
  className: string;
  dateOfBirth: string;
  hireDate: string | null;
  workZip: string | null;
}

/** The columns of a census employee that the class rules read. */
const personColumns = {
  rowNumber: censusEmployees.rowNumber,
  className: censusEmployees.className,
  dateOfBirth: censusEmployees.dateOfBirth,
  hireDate: censusEmployees.hireDate,
  workZip: censusEmployees.workZip,
};

/** The enrollment's census employees as the class rules see them, inside a transaction. */
export function censusPeopleIn(tx: Tx, enrollmentId: number): CensusPerson[] {
  return tx.select(personColumns).from(censusEmployees).where(eq(censusEmployees.enrollmentId, enrollmentId)).all();
}

/** Each enrollment's census employees as the class rules see them. */
export async function censusPeople(db: DB, enrollmentIds: number[]): Promise<Map<number, CensusPerson[]>> {
  const out = new Map<number, CensusPerson[]>();
  if (enrollmentIds.length === 0) return out;
  const rows = await db
    .select({ enrollmentId: censusEmployees.enrollmentId, ...personColumns })
    .from(censusEmployees)
    .where(inArray(censusEmployees.enrollmentId, enrollmentIds));
  for (const { enrollmentId, ...person } of rows) {
    if (!out.has(enrollmentId)) out.set(enrollmentId, []);
    out.get(enrollmentId)!.push(person);
  }
  return out;
}

export async function censusSummary(db: DB, enrollment: EnrollmentRow): Promise<CensusSummary> {
  const counts = (await censusCounts(db, [enrollment.id])).get(enrollment.id) ?? new Map<string, number>();
  const defined = (enrollment.employeeClasses ?? []).map((c) => c.name);
  // Defined classes first, in their order; then any class the census names that is not defined
  // (saving classes refuses to drop one the census uses, so this is only ever older data).
  const names = [...defined, ...[...counts.keys()].filter((name) => !defined.some((d) => sameClassName(d, name)))];
  const byClass = names.map((name) => ({ name, count: countForClass(counts, name) }));
  return { count: byClass.reduce((sum, c) => sum + c.count, 0), byClass, skipped: enrollment.censusSkipped };
}

export async function skipCensus(db: DB, enrollment: EnrollmentRow): Promise<CensusSummary> {
  assertOpen(enrollment);
  const skipped = db.transaction((tx) => updateOpenEnrollment(tx, enrollment.id, { censusSkipped: true, censusRejectedRows: 0 }));
  return censusSummary(db, skipped);
}

/**
 * The downloadable template: the headers and two example employees, in the employer's own
 * classes when they are given (the examples' Class must be one of them, or the template is
 * refused when uploaded as it is), else in Full-time and Part-time.
 */
export function censusTemplateCsv(classNames: readonly string[] = []): string {
  // A class name a spreadsheet would read as a formula, at its start or after a separator
  // inside it, is not written into a file anyone can link to: neutralised, it would no longer
  // be the class's name, and the template would be refused when uploaded as it is.
  const own = classNames.map((name) => name.trim()).filter((name) => name && neutralise(name) === name);
  const [first = "Full-time", second = own[0] ?? "Part-time"] = own;
  // The employer's own classes may be built on full-time or part-time employees, which the
  // template cannot know: their examples leave the (optional) employment type empty, so the
  // file uploads as it is.
  const [firstType, secondType] = own.length ? ["", ""] : ["Full-time", "Part-time"];
  const examples = [
    ["Jane", "Doe", "jane.doe@example.com", "1985-04-23", "30301", first, "(404) 555-0142", "2021-03-01", firstType, "30303"],
    ["John", "Smith", "john.smith@example.com", "1990-07-04", "02134-1234", second, "", "", secondType, ""],
  ];
  return csvRecords([CENSUS_COLUMNS.map((c) => c.header), ...examples]);
}

/** An enrollment's employees: how many, and how many have registered, been invited, been sent their notice. */
export interface CensusTotals {
  total: number;
  registered: number;
  invited: number;
  noticed: number;
}

/** Each enrollment's census headcount and how many of those employees have registered. */
export async function censusTotals(db: DB, enrollmentIds: number[]): Promise<Map<number, CensusTotals>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      enrollmentId: censusEmployees.enrollmentId,
      total: sql<number>`count(*)`,
      registered: sql<number>`count(*) FILTER (WHERE ${censusEmployees.inviteStatus} = 'registered')`,
      invited: sql<number>`count(*) FILTER (WHERE ${censusEmployees.inviteSentAt} IS NOT NULL)`,
      noticed: sql<number>`count(*) FILTER (WHERE ${censusEmployees.noticeSentAt} IS NOT NULL)`,
    })
    .from(censusEmployees)
    .where(inArray(censusEmployees.enrollmentId, enrollmentIds))
    .groupBy(censusEmployees.enrollmentId);
  return new Map(rows.map(({ enrollmentId, ...totals }) => [enrollmentId, totals]));
}
