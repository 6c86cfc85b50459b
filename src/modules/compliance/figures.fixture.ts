// The published yearly figures as the migration seeds them, restated for the pure rules'
// tests (which run without a database). A mistyped seed or a mistyped restatement fails
// figures.test.ts, which compares these with the seeded table.
import type { YearlyFigure } from "./figures";
import published from "./published-figures.json";

export const publishedFigures = published as YearlyFigure[];
