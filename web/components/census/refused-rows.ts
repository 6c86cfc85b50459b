import { plural } from "../../lib/plural";

/**
 * The start of what the census step and the review say of the rows an upload refused:
 * "2 rows of the last file were refused, so those employees are" (then where they are not).
 */
export const refusedRows = (rejected: number, file: string) =>
  `${plural(rejected, `row of ${file} was`, `rows of ${file} were`)} refused, so ${rejected === 1 ? "that employee is" : "those employees are"}`;
