import { type AgeBand, agesText, amountsText, bandedText, type TierAmounts } from "@src/modules/compliance/model";
import { formatDay } from "../../lib/dates";
import { plural } from "../../lib/plural";

/** The age bands of a class, as one line each: "Ages 0 to 29: $200.00/month (3 employees)". */
export function BandList({ bands }: { bands: readonly (TierAmounts & { minAge: number; maxAge?: number; headcount?: number })[] }) {
  return (
    <ul class="band-list">
      {bands.map((b) => (
        <li key={b.minAge}>
          {agesText(b)}: {amountsText(b)}
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
  cls: {
    states?: string[];
    ratingAreaZips?: string[];
    newHires?: TierAmounts & { hiredOnOrAfter: string; headcount?: number; ageBands?: AgeBand[] };
  };
}) {
  return (
    <>
      {cls.states?.length ? <small class="class-basis">Works in: {cls.states.join(", ")}</small> : null}
      {cls.ratingAreaZips?.length ? <small class="class-basis">Rating area ZIP prefixes: {cls.ratingAreaZips.join(", ")}</small> : null}
      {cls.newHires && (
        <small class="class-basis">
          Hired on or after {formatDay(cls.newHires.hiredOnOrAfter)}: {bandedText(cls.newHires)}
          {cls.newHires.headcount !== undefined && ` (${plural(cls.newHires.headcount, "employee")})`}
        </small>
      )}
    </>
  );
}
