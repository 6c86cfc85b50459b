import { StatusBadge } from "../../components/status-badge/StatusBadge";
import type { Tone } from "../../components/status-badge/tones";
import { enrollmentStatus } from "./status";

// The spec's badge styles for an enrollment, drawn in the one badge shape.
const variantTone: Record<ReturnType<typeof enrollmentStatus>["variant"], Tone> = {
  default: "brand",
  secondary: "gray",
  outline: "outline",
};

/** An enrollment's status as the employer and our administrators both see it. */
export function EnrollmentBadge({ status }: { status: string }) {
  const s = enrollmentStatus(status);
  return <StatusBadge tone={variantTone[s.variant]}>{s.label}</StatusBadge>;
}
