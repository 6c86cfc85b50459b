// Answers of the census endpoints and the upload limits, shared by the Employee Census
// step and the server. Messages are the spec's (§5).
import { type Static, Type } from "@sinclair/typebox";

export const CENSUS_MAX_BYTES = 5 * 1024 * 1024;
export const CENSUS_MAX_ROWS = 5000;
export const CENSUS_EXTENSIONS = [".csv", ".xls", ".xlsx"] as const;
/** For the file input's `accept` attribute. */
export const CENSUS_ACCEPT =
  ".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const WRONG_TYPE_MESSAGE = "Please upload a valid Excel or CSV file";
export const NO_FILE_MESSAGE = "Please select a file to upload";
export const NOT_UPLOADED_MESSAGE = "Please upload your employee census file before continuing";
export const TOO_LARGE_MESSAGE = "The file is larger than 5 MB. Please upload a smaller file.";
export const TOO_MANY_ROWS_MESSAGE = "The file has more than 5,000 employee rows. Please split it into smaller files.";
export const EMPTY_FILE_MESSAGE = "The file has no employee rows.";
export const NO_CLASSES_FOR_CENSUS_MESSAGE = "Please define at least one employee class before uploading the census.";
export const CLASSES_CHANGED_MESSAGE = "The employee classes changed while the file was being checked. Please upload it again.";
export const REGISTERED_EMPLOYEES_MESSAGE =
  "Employees have already started registering from this census, so it can no longer be replaced. Contact us to change it.";

export const TEMPLATE_PATH = "/api/census/template.csv";

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
