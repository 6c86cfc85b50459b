// The amounts by family size that sit beside a self-only amount: self + one and family. A
// class, its new-hire terms and each age band carry them under the same API names, so one
// converter and one pair of fields serve all three.

import type { TierAmounts } from "@src/modules/compliance/model";
import { MoneyField } from "../../components/forms/Field";

type Tier = "plusOne" | "family";

const tiers = [
  { key: "plusOne", field: "individualPlus1Amount", id: "plus-one", name: "Self + one" },
  { key: "family", field: "familyAmount", id: "family", name: "Family" },
] as const;

/** The larger family sizes' amounts alone, as the two fields hold them. */
type LargerTierAmounts = Omit<TierAmounts, "allowanceAmount">;

/** A number as typed; undefined for a blank box, so the schema says it is required rather than invalid. */
export const typedNumber = (text: string | undefined): number | undefined =>
  text === undefined || text.trim() === "" ? undefined : Number(text);

/** Numbers as typed → as the API takes them; a blank one is left out (not set to undefined). */
export function typedNumbers<K extends string>(typed: Record<K, string | undefined>): Partial<Record<K, number>> {
  const numbers: Partial<Record<K, number>> = {};
  for (const key in typed) {
    const value = typedNumber(typed[key]);
    if (value !== undefined) numbers[key] = value;
  }
  return numbers;
}

/** The family-size amounts as typed → as the API takes them. */
export const tierAmounts = (values: Partial<Record<Tier, string>>): LargerTierAmounts =>
  typedNumbers({ individualPlus1Amount: values.plusOne, familyAmount: values.family });

/** The self + one and family fields; ids end in `-plus-one` and `-family`, errors are read at `<errorPrefix><API field>`. */
export function TierFields({
  idPrefix,
  label,
  values,
  errors,
  errorPrefix = "",
  onInput,
}: {
  idPrefix: string;
  /** The label of a tier from its name ("Self + one", "Family"). */
  label: (name: string) => string;
  values: Partial<Record<Tier, string>>;
  errors: Record<string, string>;
  errorPrefix?: string;
  onInput: (tier: Tier, value: string) => void;
}) {
  return (
    <>
      {tiers.map((tier) => (
        <MoneyField
          key={tier.key}
          id={`${idPrefix}-${tier.id}`}
          label={label(tier.name)}
          value={values[tier.key] ?? ""}
          error={errors[`${errorPrefix}${tier.field}`]}
          onInput={(value) => onInput(tier.key, value)}
        />
      ))}
    </>
  );
}
