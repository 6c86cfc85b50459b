// Status labels and styles of spec §4, and the masked tax id.
import type { Tone } from "../../components/status-badge/tones";

const businessStatuses: Record<string, { label: string; tone: Tone }> = {
  incomplete: { label: "Registration Incomplete", tone: "yellow" },
  registered: { label: "Registered", tone: "blue" },
  plan_selected: { label: "Plan Selected", tone: "purple" },
  classes_defined: { label: "Classes Defined", tone: "indigo" },
  enrolled: { label: "Fully Enrolled", tone: "green" },
};

/** Any other value: underscores to spaces, each word capitalised. */
export const humanize = (value: string) => value.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

export function businessStatus(status: string): { label: string; tone: Tone } {
  return businessStatuses[status] ?? { label: humanize(status), tone: "gray" };
}

const enrollmentStatuses: Record<string, { label: string; variant: "outline" | "default" | "secondary" }> = {
  pending: { label: "Pending", variant: "outline" },
  approved: { label: "Approved", variant: "default" },
  active: { label: "Active", variant: "default" },
  completed: { label: "Active", variant: "default" },
  classes_defined: { label: "Classes Defined", variant: "secondary" },
  plan_selected: { label: "Plan Selected", variant: "secondary" },
};

export function enrollmentStatus(status: string): { label: string; variant: "outline" | "default" | "secondary" } {
  return enrollmentStatuses[status] ?? { label: humanize(status), variant: "secondary" };
}

/** 12-3456789 → 12-345XXXX: after the hyphen, the first three characters then XXXX. */
export function maskTaxId(taxId: string): string {
  const hyphen = taxId.indexOf("-");
  if (hyphen < 0) return `${taxId.slice(0, 3)}XXXX`;
  return `${taxId.slice(0, hyphen + 1)}${taxId.slice(hyphen + 1, hyphen + 4)}XXXX`;
}

/** The label of an option value (industry, size), or the value itself. */
export const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;
