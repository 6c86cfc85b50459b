import { formatUsd } from "@src/lib/money";
import { plural } from "../../lib/plural";

/** The age bands of a class, as one line each: "Ages 0 to 29: $200.00/month (3 employees)". */
export function BandList({
  bands,
}: {
  bands: readonly { minAge: number; maxAge?: number; allowanceAmount: number; headcount?: number }[];
}) {
  return (
    <ul class="band-list">
      {bands.map((b) => (
        <li key={b.minAge}>
          Ages {b.maxAge === undefined ? `${b.minAge} and over` : `${b.minAge} to ${b.maxAge}`}: {formatUsd(b.allowanceAmount)}/month
          {b.headcount !== undefined && ` (${plural(b.headcount, "employee")})`}
        </li>
      ))}
    </ul>
  );
}
