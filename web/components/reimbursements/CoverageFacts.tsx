import { formatDay } from "@src/lib/months";

/**
 * What a proof of coverage or a claim says of the coverage, as terms of a summary list: the
 * employee reads the same words on /benefits as the reviewer does in the review queue.
 */
export function CoverageFacts({
  carrier,
  coverageStart,
  coveredPeople,
}: {
  carrier: string;
  coverageStart?: string;
  coveredPeople: string;
}) {
  return (
    <>
      <dt>Carrier</dt>
      <dd>{carrier}</dd>
      {coverageStart && (
        <>
          <dt>Coverage start</dt>
          <dd>{formatDay(coverageStart)}</dd>
        </>
      )}
      <dt>Who is covered</dt>
      <dd>{coveredPeople}</dd>
    </>
  );
}
