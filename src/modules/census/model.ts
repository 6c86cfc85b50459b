// Answers of the census endpoints and the upload limits, shared by the Employee Census
// step and the server. Messages are the spec's (§5).
import { type Static, Type } from "@sinclair/typebox";

export const CENSUS_MAX_BYTES = 5 * 1024 * 1024;
export const CENSUS_MAX_ROWS = 5000;

// How far a spreadsheet may go before it is refused unread. A real census of 5 MB inflates
// to about 15-30 MB and holds some 200,000 cells; these limits leave room above that and
// keep the parse of anything accepted under a few hundred megabytes.
/** Rows a sheet may have in all: the census rows, the header and up to 100 blank rows. */
export const SHEET_MAX_ROWS = CENSUS_MAX_ROWS + 101;
/** What the parts of an XLSX archive may inflate to, together. */
export const SHEET_MAX_INFLATED_BYTES = 50 * 1024 * 1024;
/** Files inside an XLSX archive (a workbook of a few sheets has a dozen or two). */
export const SHEET_MAX_ENTRIES = 1000;
/** Cells of any one sheet. */
export const SHEET_MAX_CELLS = 1_000_000;
/** Entries of the shared-strings table (each different text of the workbook). */
export const SHEET_MAX_SHARED_STRINGS = 500_000;
/**
 * Text between two tags of an XML part. Excel keeps at most 32,767 characters in a cell, at
 * most 4 bytes each in UTF-8 and longer when escaped (&amp;): 1 MB is beyond any of them.
 */
export const SHEET_MAX_TEXT_BYTES = 1024 * 1024;
export const CENSUS_EXTENSIONS = [".csv", ".xls", ".xlsx"] as const;
/** For the file input's `accept` attribute. */
export const CENSUS_ACCEPT =
  ".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const WRONG_TYPE_MESSAGE = "Please upload a valid Excel or CSV file";
export const NO_FILE_MESSAGE = "Please select a file to upload";
export const ONE_FILE_MESSAGE = "Please upload one census file: every employee in a single CSV or Excel file.";
export const NOT_UPLOADED_MESSAGE = "Please upload your employee census file before continuing";
export const TOO_LARGE_MESSAGE = "The file is larger than 5 MB. Please upload a smaller file.";
export const TOO_MANY_ROWS_MESSAGE = "The file has more than 5,000 employee rows. Please split it into smaller files.";
export const EMPTY_FILE_MESSAGE = "The file has no employee rows.";
const saveTheSheetAlone = "Please save only the census sheet (for example as a CSV file) and upload that.";
export const SHEET_TOO_LARGE_MESSAGE = `This spreadsheet expands to more than 50 MB when opened, far more than an employee census needs. ${saveTheSheetAlone}`;
export const SHEET_TOO_MANY_PARTS_MESSAGE = `This spreadsheet is made of more than 1,000 parts, far more than an employee census needs. ${saveTheSheetAlone}`;
export const SHEET_TOO_MANY_CELLS_MESSAGE = `This spreadsheet holds more than 1,000,000 cells or 500,000 different texts, far more than an employee census needs. ${saveTheSheetAlone}`;
export const SHEET_CELL_TOO_LONG_MESSAGE = `This spreadsheet has a cell holding more text than Excel allows in a cell (32,767 characters). ${saveTheSheetAlone}`;
export const SHEET_DAMAGED_MESSAGE =
  "This spreadsheet file is damaged: its parts are not the sizes it records for them. Please open it in Excel, save it again and upload the new file.";
export const SHEET_NOT_READ_MESSAGE = `This spreadsheet could not be read within our time and memory limits. ${saveTheSheetAlone}`;
export const SHEETS_BUSY_MESSAGE = "Several spreadsheets are being read right now. Please try again in a few seconds.";
export const NO_CLASSES_FOR_CENSUS_MESSAGE = "Please define at least one employee class before uploading the census.";
export const CLASSES_CHANGED_MESSAGE = "The employee classes changed while the file was being checked. Please upload it again.";
export const REGISTERED_EMPLOYEES_MESSAGE =
  "Employees have already started registering from this census, so it can no longer be replaced. Contact us to change it.";

export const CENSUS_SENT_MESSAGE =
  "Invitations or ICHRA notices have already gone to the employees on this census, so it can no longer be replaced. Add each new employee from your dashboard.";

export const TEMPLATE_PATH = "/api/census/template.csv";

/**
 * The template's address with the employer's classes in its example rows: one parameter,
 * a name a line (a class name may hold a comma, which a list parameter would split on).
 */
export const templatePathFor = (classNames: readonly string[]) =>
  classNames.length ? `${TEMPLATE_PATH}?${new URLSearchParams({ classes: classNames.join("\n") })}` : TEMPLATE_PATH;

export const TemplateQuery = Type.Object({
  classes: Type.Optional(Type.String({ maxLength: 2000, messages: { maxLength: "The class names are at most 2,000 characters" } })),
});

/** The columns, in template order; headers match case- and spacing-insensitively. */
export const CENSUS_COLUMNS = [
  { key: "firstName", header: "First Name", required: true },
  { key: "lastName", header: "Last Name", required: true },
  { key: "email", header: "Email", required: true },
  { key: "dateOfBirth", header: "Date of Birth", required: true },
  { key: "homeZip", header: "Home ZIP", required: true },
  { key: "className", header: "Class", required: true },
  { key: "phone", header: "Phone", required: false },
  { key: "hireDate", header: "Hire Date", required: false },
  { key: "employmentType", header: "Employment Type", required: false },
  { key: "workZip", header: "Work ZIP", required: false },
] as const;
export type CensusField = (typeof CENSUS_COLUMNS)[number]["key"];

export const CensusRowError = Type.Object({
  row: Type.Integer({ description: "Spreadsheet row number (the header is row 1)" }),
  field: Type.String({ description: "Column header, e.g. 'Email'" }),
  message: Type.String(),
});
export type CensusRowError = Static<typeof CensusRowError>;

export const CensusUploadAnswer = Type.Object({
  accepted: Type.Integer({ description: "Valid rows, now the enrollment's employees" }),
  rejected: Type.Integer({ description: "Rows with at least one error" }),
  errors: Type.Array(CensusRowError, { description: "Every problem, row by row; at most the first 1,000 (rejected counts them all)" }),
});

/** A file of 5,000 bad rows would otherwise answer tens of thousands of errors. */
export const CENSUS_MAX_ERRORS = 1000;
export type CensusUploadAnswer = Static<typeof CensusUploadAnswer>;

export const CensusSummary = Type.Object({
  count: Type.Integer(),
  byClass: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
  skipped: Type.Boolean(),
});
export type CensusSummary = Static<typeof CensusSummary>;
