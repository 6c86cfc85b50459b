import { SelectField } from "../../components/forms/Field";

/** A filter chosen from a list: which filter it sets, its field's id and label, and its options. */
export interface FilterSelect<F> {
  name: keyof F & string;
  id: string;
  label: string;
  options: readonly (readonly [string, string])[];
}

/**
 * One select a filter; choosing an option sets that filter (a new address, see url-filters).
 * The options are the values the filter allows, so the value chosen is one of them.
 */
export function FilterSelects<F>({
  selects,
  filters,
  setFilters,
}: {
  selects: readonly FilterSelect<F>[];
  filters: F;
  setFilters: (patch: Partial<F>) => void;
}) {
  return (
    <>
      {selects.map(({ name, id, label, options }) => (
        <SelectField
          key={id}
          id={id}
          label={label}
          value={String(filters[name])}
          options={options}
          onInput={(value) => setFilters({ [name]: value } as Partial<F>)}
        />
      ))}
    </>
  );
}
