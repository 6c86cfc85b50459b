// The option lists of the Company Info step (spec §3), shared by the form and the server.
import { statesAlphabetical } from "../../lib/us-states";

export const STATE_PLACEHOLDER = "select-state";
export const INDUSTRY_PLACEHOLDER = "select-industry";
export const SIZE_PLACEHOLDER = "select-range";

/** The 50 states and DC, alphabetical by name, from the one list in src/lib/us-states.ts. */
export const states = statesAlphabetical.map(([value, label]) => ({ value, label }));

/** The fuller list of fifteen (rulings). */
export const industries = [
  { value: "healthcare", label: "Healthcare" },
  { value: "technology", label: "Technology" },
  { value: "education", label: "Education" },
  { value: "retail", label: "Retail" },
  { value: "manufacturing", label: "Manufacturing" },
  { value: "financial", label: "Financial Services" },
  { value: "construction", label: "Construction" },
  { value: "hospitality", label: "Hospitality & Food Service" },
  { value: "transportation", label: "Transportation & Logistics" },
  { value: "professional", label: "Professional Services" },
  { value: "nonprofit", label: "Nonprofit" },
  { value: "agriculture", label: "Agriculture" },
  { value: "energy", label: "Energy & Utilities" },
  { value: "media", label: "Media & Entertainment" },
  { value: "other", label: "Other" },
] as const;

/** The size brackets the spec lists, each labelled with its number of employees. */
export const companySizes = (["1-10", "11-50", "51-100", "101-250", "251-500", "501+"] as const).map((value) => ({
  value,
  label: `${value} employees`,
}));
