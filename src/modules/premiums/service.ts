// The state premium table: published figures where loaded, the national defaults elsewhere.
import { statePremiums } from "@db/schema";
import type { DB } from "../../db";
import { formatUsdWhole, toDollars } from "../../lib/money";
import { statesAlphabetical } from "../../lib/us-states";
import { nationalDefaultPremiums, PAYCHECKS_PER_YEAR } from "./defaults";
import type { StatePremium, StatePremiumTable } from "./model";

const perPaycheck = (annual: number) => Math.round((annual / PAYCHECKS_PER_YEAR) * 100) / 100;

export function sourceLine(rows: { source: string; year: number }[]): string {
  const defaults = `States marked "national average" use ${formatUsdWhole(nationalDefaultPremiums.single)} (individual), ${formatUsdWhole(nationalDefaultPremiums.plusOne)} (individual + 1) and ${formatUsdWhole(nationalDefaultPremiums.family)} (family) and are not ranked.`;
  if (!rows.length)
    return `Source: no published state figures are loaded yet; every state shows the national average premiums. ${defaults}`;
  const cited = [...new Set(rows.map((r) => `${r.source}, ${r.year}`))].join("; ");
  return `Source: ${cited}. Average total premium per enrolled employee. ${defaults}`;
}

export async function premiumTable(db: DB): Promise<StatePremiumTable> {
  const rows = await db.select().from(statePremiums);
  const byState = new Map(rows.map((r) => [r.state, r]));
  const ranked = [...rows].sort((a, b) => b.singleCents - a.singleCents);
  const rankOf = new Map<string, number>();
  ranked.forEach((r, i) => {
    // Equal figures share a rank.
    const previous = ranked[i - 1];
    rankOf.set(r.state, previous && previous.singleCents === r.singleCents ? rankOf.get(previous.state)! : i + 1);
  });
  const states: StatePremium[] = statesAlphabetical.map(([code, name]) => {
    const row = byState.get(code);
    const annual = row
      ? { single: toDollars(row.singleCents), plusOne: toDollars(row.plusOneCents), family: toDollars(row.familyCents) }
      : { ...nationalDefaultPremiums };
    return {
      state: code,
      name,
      annual,
      perPaycheck: { single: perPaycheck(annual.single), plusOne: perPaycheck(annual.plusOne), family: perPaycheck(annual.family) },
      rank: rankOf.get(code) ?? null,
      usesNationalDefault: !row,
      source: row?.source ?? null,
      year: row?.year ?? null,
    };
  });
  return { states, sourceLine: sourceLine(rows) };
}
