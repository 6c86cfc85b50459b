// A coloured badge per form type with its icon; the icon is decoration, the word is the label.
// Icons are inline SVG (24×24, stroked in the text colour) so they need no icon font.
import type { FormType } from "@src/modules/leads/options";
import { formTypeLabels } from "./format";

const icons: Record<string, string> = {
  // a building
  employers: "M4 21V4h10v17M14 9h6v12M2 21h20M7 8h2M7 12h2M7 16h2M17 13h1M17 17h1",
  // two people
  brokers: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20v-1a5 5 0 0 1 10 0v1M17 11a2.5 2.5 0 1 0 0-5M16 14a4.5 4.5 0 0 1 5 5v1",
  // a plug
  platforms: "M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5",
  // an envelope
  contact: "M3 6h18v12H3zM3 6l9 7 9-7",
  // a clipboard with a check
  enrollment: "M9 4h6v3H9zM7 5H5v16h14V5h-2M9 14l2 2 4-4",
};
export function FormTypeBadge({ type }: { type: string }) {
  const known = type in formTypeLabels;
  return (
    <span class={`status-badge type-${known ? type : "other"}`}>
      {known && (
        <svg
          viewBox="0 0 24 24"
          width="14"
          height="14"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          stroke-linecap="round"
          stroke-linejoin="round"
        >
          <path d={icons[type]} />
        </svg>
      )}
      {known ? formTypeLabels[type as FormType] : type}
    </span>
  );
}
