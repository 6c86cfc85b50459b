// The published yearly figures as the migration seeds them, restated for the pure rules'
// tests (which run without a database). A mistyped seed fails figures.test.ts, which reads
// the seeded table.
import type { YearlyFigure } from "./figures";

export const publishedFigures: YearlyFigure[] = [
  { year: 2024, name: "affordability-percent", value: 839, source: "Rev. Proc. 2023-29" },
  { year: 2025, name: "affordability-percent", value: 902, source: "Rev. Proc. 2024-35" },
  { year: 2026, name: "affordability-percent", value: 996, source: "Rev. Proc. 2025-25" },
  {
    year: 2024,
    name: "social-security-wage-base",
    value: 16_860_000,
    source: "Social Security Administration, 2024 contribution and benefit base",
  },
  {
    year: 2025,
    name: "social-security-wage-base",
    value: 17_610_000,
    source: "Social Security Administration, 2025 contribution and benefit base",
  },
  {
    year: 2026,
    name: "social-security-wage-base",
    value: 18_450_000,
    source: "Social Security Administration, 2026 contribution and benefit base (Bloomberg Tax)",
  },
  { year: 2024, name: "poverty-line", value: 1_506_000, source: "HHS poverty guidelines, 89 FR 2961 (January 17, 2024)" },
  { year: 2025, name: "poverty-line", value: 1_565_000, source: "HHS poverty guidelines, 90 FR 5917 (January 17, 2025)" },
  {
    year: 2026,
    name: "penalty-4980h-a",
    value: 334_000,
    source: "Rev. Proc. 2025-26 (2026 indexed amounts; as reported by Zorro and MedCom)",
  },
  {
    year: 2026,
    name: "penalty-4980h-b",
    value: 501_000,
    source: "Rev. Proc. 2025-26 (2026 indexed amounts; as reported by Zorro and MedCom)",
  },
];
