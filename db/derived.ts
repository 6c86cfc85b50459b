// Tables SQLite derives from form_submissions through triggers (migrations 0003 and 0004):
// the per-hour counts and the trigram search index. Code only reads them; the leads read
// model names them through these definitions. drizzle-kit reads this file too (see
// drizzle.config.ts): the counts table is the one migration 0003 made, so it finds nothing
// to change, and the search index is an FTS5 virtual table declared as an existing view,
// which drizzle-kit leaves to the hand-written migration.
import { integer, primaryKey, sqliteTable, sqliteView, text } from "drizzle-orm/sqlite-core";

// Submissions per form type per UTC hour, so the admin's counts stay fast at a million
// leads: a count sums whole hours here and counts only the partial hours at the edges
// through the submitted_at index.
export const formSubmissionCounts = sqliteTable(
  "form_submission_counts",
  {
    formType: text("form_type").notNull(),
    hour: integer("hour").notNull(), // floor(submitted_at / 3,600,000)
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.formType, t.hour] })],
);

// The FTS5 trigram index over name, email and company (external content: the text lives in
// form_submissions; rowid is the submission's id).
export const formSubmissionsSearch = sqliteView("form_submissions_search", {
  rowid: integer("rowid").notNull(),
  name: text("name"),
  email: text("email"),
  company: text("company"),
}).existing();
