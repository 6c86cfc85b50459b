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

export const companySizes = [
  { value: "1-10", label: "1-10 employees" },
  { value: "11-50", label: "11-50 employees" },
  { value: "51-100", label: "51-100 employees" },
  { value: "101-250", label: "101-250 employees" },
  { value: "251-500", label: "251-500 employees" },
  { value: "501+", label: "501+ employees" },
] as const;
