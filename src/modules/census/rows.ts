// Census rows: which column is which, and whether a row describes a real employee. Pure
// functions, so every rule is unit-tested without a file or a database.

import { BIRTH_DATE_RANGE_MESSAGE, HIRE_DATE_RANGE_MESSAGE, hireDateOutOfRange, isBirthDate } from "../../lib/date-rules";
import { normaliseEmail } from "../../lib/email-address";
import { EMAIL_PATTERN, PHONE_DIGITS_MESSAGE, PHONE_PATTERN, ZIP_PATTERN } from "../../lib/patterns";
import { plainText } from "../../lib/plain-text";
import { type ClassGeography, workplaceProblem } from "../compliance/class-checks";
import type { ClassBasis } from "../compliance/rules";
import { sameClassName } from "../enrollments/classes";
import { CENSUS_COLUMNS, type CensusField, type CensusRowError } from "./model";

/** Header spellings people actually use, compared without case, spaces or punctuation. */
const aliases: Record<CensusField, string[]> = {
  firstName: ["firstname", "first", "givenname"],
  lastName: ["lastname", "last", "surname", "familyname"],
  email: ["email", "emailaddress", "workemail", "e-mail"],
  dateOfBirth: ["dateofbirth", "dob", "birthdate", "birthday"],
  homeZip: ["homezip", "homezipcode", "zip", "zipcode", "homepostalcode", "postalcode"],
  className: ["class", "employeeclass", "classname"],
  phone: ["phone", "phonenumber", "mobile", "mobilephone"],
  hireDate: ["hiredate", "dateofhire", "startdate"],
  employmentType: ["employmenttype", "fulltimeparttime", "fulltimeorparttime", "ftpt", "fulltime/parttime"],
  workZip: ["workzip", "workzipcode", "worksitezip", "workpostalcode", "worklocationzip", "officezip"],
};

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

export type ColumnMap = Partial<Record<CensusField, number>>;

/** Finds each known column in the header row; answers the headers of required columns that are missing. */
export function mapColumns(headerRow: string[]): { columns: ColumnMap; missing: string[] } {
  const columns: ColumnMap = {};
  headerRow.forEach((header, index) => {
    // HR and payroll exports name their columns for the employee ("Employee First Name"):
    // the prefix says nothing about which column it is.
    const keys = [squash(header), squash(header).replace(/^employees?/, "")];
    for (const [field, names] of Object.entries(aliases) as [CensusField, string[]][]) {
      if (columns[field] === undefined && names.some((n) => keys.includes(squash(n)))) columns[field] = index;
    }
  });
  const missing = CENSUS_COLUMNS.filter((c) => c.required && columns[c.key] === undefined).map((c) => c.header);
  return { columns, missing };
}

export interface CensusEmployee {
  rowNumber: number;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
  homeZip: string;
  className: string;
  phone: string | null;
  hireDate: string | null;
  employmentType: "full-time" | "part-time" | null;
  /** ZIP of the primary site of employment: the row's, else the business's. */
  workZip: string;
}

/** ISO (2024-01-31) and US (1/31/2024 or 1-31-2024) dates, with four-digit years. */
const isoDate = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const usDate = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;
const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * Reads an ISO or US date strictly; null when it names no real day. Plain patterns rather
 * than date-fns's parse, which took a millisecond a date: 5,000 rows held the server's
 * event loop for most of a second.
 */
export function parseCensusDate(text: string): string | null {
  const value = text.trim();
  const iso = isoDate.exec(value);
  const us = iso ? null : usDate.exec(value);
  if (!iso && !us) return null;
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]].map(Number) : [us![4], us![1], us![3]].map(Number);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

function employmentTypeOf(text: string): "full-time" | "part-time" | null | undefined {
  const key = squash(text);
  if (key === "") return null;
  if (["fulltime", "ft", "full"].includes(key)) return "full-time";
  if (["parttime", "pt", "part"].includes(key)) return "part-time";
  return undefined;
}

const headerOf = (field: CensusField) => CENSUS_COLUMNS.find((c) => c.key === field)!.header;
const emailPattern = new RegExp(EMAIL_PATTERN);
const zipPattern = new RegExp(ZIP_PATTERN);
const phonePattern = new RegExp(PHONE_PATTERN);

export interface RowContext {
  /** The enrollment's class names; a row's class must name one of them (case-insensitive). */
  classNames: string[];
  /** The classes defined by where employees work: a row's work ZIP must be in its class's place. */
  geography?: readonly ({ name: string; basis?: readonly ClassBasis[] } & ClassGeography)[];
  /** The business's ZIP: the work ZIP of a row that gives none. */
  defaultWorkZip: string;
  /** Today as YYYY-MM-DD: dates of birth must be before it. */
  today: string;
}

/** Validates one data row; answers the employee, or every problem of the row. */
export function validateRow(
  cells: string[],
  rowNumber: number,
  columns: ColumnMap,
  context: RowContext,
): { employee?: CensusEmployee; errors: CensusRowError[] } {
  const errors: CensusRowError[] = [];
  const fail = (field: CensusField, message: string) => errors.push({ row: rowNumber, field: headerOf(field), message });
  const cell = (field: CensusField) => {
    const index = columns[field];
    // A spreadsheet's cell can hold a line break or a control character: its names go into
    // emails and notices, so each is one line of plain text (plain-text.ts).
    return index === undefined ? "" : plainText(cells[index] ?? "");
  };
  const text = (field: CensusField, label: string) => {
    const value = cell(field);
    if (!value) fail(field, `${label} is required`);
    else if (value.length > 200) fail(field, `${label} must be at most 200 characters`);
    return value;
  };

  const firstName = text("firstName", "First name");
  const lastName = text("lastName", "Last name");

  const email = normaliseEmail(cell("email"));
  if (!email) fail("email", "Email is required");
  else if (email.length > 254 || !emailPattern.test(email)) fail("email", "Invalid email format");

  const dobText = cell("dateOfBirth");
  const dateOfBirth = dobText ? parseCensusDate(dobText) : null;
  if (!dobText) fail("dateOfBirth", "Date of birth is required");
  else if (!dateOfBirth) fail("dateOfBirth", "Date of birth must be a date like 1985-04-23 or 04/23/1985");
  else if (!isBirthDate(dateOfBirth, context.today)) fail("dateOfBirth", BIRTH_DATE_RANGE_MESSAGE);

  const homeZip = cell("homeZip");
  if (!homeZip) fail("homeZip", "Home ZIP is required");
  else if (!zipPattern.test(homeZip)) fail("homeZip", "Home ZIP must be in XXXXX or XXXXX-XXXX format");

  const classText = cell("className");
  const className = context.classNames.find((name) => sameClassName(name, classText));
  if (!classText) fail("className", "Class is required");
  else if (!className) fail("className", `Class must be one of the defined classes: ${context.classNames.join(", ")}`);

  const phone = cell("phone");
  if (phone && (phone.length > 30 || !phonePattern.test(phone))) fail("phone", PHONE_DIGITS_MESSAGE);

  const hireText = cell("hireDate");
  const hireDate = hireText ? parseCensusDate(hireText) : null;
  if (hireText && !hireDate) fail("hireDate", "Hire date must be a date like 2024-01-15 or 01/15/2024");
  else if (hireDate && hireDateOutOfRange(hireDate, context.today)) fail("hireDate", HIRE_DATE_RANGE_MESSAGE);

  const employmentType = employmentTypeOf(cell("employmentType"));
  if (employmentType === undefined) fail("employmentType", "Employment type must be Full-time or Part-time");
  else if (employmentType && className) {
    // A class built on full-time (or part-time) employees holds only those: a row that says
    // otherwise would put someone in a class the rules do not let them be in (54.9802-4(d)(2)).
    const bases = context.geography?.find((c) => sameClassName(c.name, className))?.basis ?? [];
    const other = employmentType === "full-time" ? "part-time" : "full-time";
    if (bases.includes(other) && !bases.includes(employmentType))
      fail(
        "employmentType",
        `Employment type ${employmentType === "full-time" ? "Full-time" : "Part-time"} does not fit the class "${className}", which is for ${other} employees`,
      );
  }

  const workZip = cell("workZip") || context.defaultWorkZip;
  if (!zipPattern.test(workZip)) fail("workZip", "Work ZIP must be in XXXXX or XXXXX-XXXX format");
  else if (className) {
    const cls = context.geography?.find((c) => sameClassName(c.name, className));
    const problem = cls ? workplaceProblem(cls, workZip) : null;
    if (problem) fail("workZip", problem);
  }

  if (errors.length) return { errors };
  return {
    errors,
    employee: {
      rowNumber,
      firstName,
      lastName,
      email,
      dateOfBirth: dateOfBirth!,
      homeZip,
      className: className!,
      phone: phone || null,
      hireDate,
      employmentType: employmentType ?? null,
      workZip,
    },
  };
}

export const isBlankRow = (cells: string[]) => cells.every((c) => (c ?? "").trim() === "");

export interface RowsResult {
  employees: CensusEmployee[];
  errors: CensusRowError[];
  rejected: number;
}

/** Validates every data row; a repeated email is an error on the later row. */
export function validateRows(rows: { rowNumber: number; cells: string[] }[], columns: ColumnMap, context: RowContext): RowsResult {
  const employees: CensusEmployee[] = [];
  const errors: CensusRowError[] = [];
  const seen = new Map<string, number>();
  let rejected = 0;
  for (const { rowNumber, cells } of rows) {
    const result = validateRow(cells, rowNumber, columns, context);
    const rowErrors = [...result.errors];
    const email = result.employee?.email;
    if (email && seen.has(email)) {
      rowErrors.push({ row: rowNumber, field: headerOf("email"), message: `Email repeats row ${seen.get(email)}` });
    }
    if (rowErrors.length) {
      rejected += 1;
      errors.push(...rowErrors);
      continue;
    }
    seen.set(email!, rowNumber);
    employees.push(result.employee!);
  }
  return { employees, errors, rejected };
}
