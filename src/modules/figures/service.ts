// The yearly figures table: read whole (a few rows a year), and added to by the CLI when the
// IRS, SSA or HHS publish a year.
import { yearlyFigures } from "@db/schema";
import { and, asc, eq } from "drizzle-orm";
import type { DB } from "../../db";
import { FIGURE_NAMES, type FigureName, type YearlyFigure } from "../compliance/figures";

export async function listFigures(db: DB): Promise<YearlyFigure[]> {
  const rows = await db.select().from(yearlyFigures).orderBy(asc(yearlyFigures.name), asc(yearlyFigures.year));
  return rows.filter((r): r is typeof r & { name: FigureName } => (FIGURE_NAMES as readonly string[]).includes(r.name));
}

/** Adds a year's figure, or replaces that year's (a corrected publication). Answers whether one was replaced. */
export async function setFigure(db: DB, figure: YearlyFigure): Promise<boolean> {
  return db.transaction((tx) => {
    const existing = tx
      .select({ year: yearlyFigures.year })
      .from(yearlyFigures)
      .where(and(eq(yearlyFigures.year, figure.year), eq(yearlyFigures.name, figure.name)))
      .get();
    tx.insert(yearlyFigures)
      .values(figure)
      .onConflictDoUpdate({ target: [yearlyFigures.year, yearlyFigures.name], set: { value: figure.value, source: figure.source } })
      .run();
    return existing !== undefined;
  });
}
