import { formatUsd } from "@src/lib/money";
import { plural } from "../../lib/plural";

type Amounts = { allowanceAmount: number; individualPlus1Amount?: number; familyAmount?: number };

/** "$500.00/month" or, when the amounts vary by family size, "self $500.00, self + one $800.00, family $1,100.00 a month". */
export function amountsText(a: Amounts): string {
  if (a.individualPlus1Amount === undefined && a.familyAmount === undefined) return `${formatUsd(a.allowanceAmount)}/month`;
  const parts = [`self ${formatUsd(a.allowanceAmount)}`];
  if (a.individualPlus1Amount !== undefined) parts.push(`self + one ${formatUsd(a.individualPlus1Amount)}`);
  if (a.familyAmount !== undefined) parts.push(`family ${formatUsd(a.familyAmount)}`);
  return `${parts.join(", ")} a month`;
}

/** The age bands of a class, as one line each: "Ages 0 to 29: $200.00/month (3 employees)". */
export function BandList({ bands }: { bands: readonly (Amounts & { minAge: number; maxAge?: number; headcount?: number })[] }) {
  return (
    <ul class="band-list">
      {bands.map((b) => (
        <li key={b.minAge}>
          Ages {b.maxAge === undefined ? `${b.minAge} and over` : `${b.minAge} to ${b.maxAge}`}: {amountsText(b)}
          {b.headcount !== undefined && ` (${plural(b.headcount, "employee")})`}
        </li>
      ))}
    </ul>
  );
}

/** Where a geographic class works, and its new-hire terms, as short lines under the class. */
export function ClassDetails({
  cls,
}: {
  cls: { states?: string[]; ratingAreaZips?: string[]; newHires?: Amounts & { hiredOnOrAfter: string; headcount?: number } };
}) {
  return (
    <>
      {cls.states?.length ? <small class="class-basis">Works in: {cls.states.join(", ")}</small> : null}
      {cls.ratingAreaZips?.length ? <small class="class-basis">Rating area ZIP prefixes: {cls.ratingAreaZips.join(", ")}</small> : null}
      {cls.newHires && (
        <small class="class-basis">
          Hired on or after {cls.newHires.hiredOnOrAfter}: {amountsText(cls.newHires)}
          {cls.newHires.headcount !== undefined && ` (${plural(cls.newHires.headcount, "employee")})`}
        </small>
      )}
    </>
  );
}
