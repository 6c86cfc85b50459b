// The admin area's sections, in the order of its navigation: each has its own address under
// /admin (so reloads and shared links open it), a label, and its screen. A new section is one
// entry here.
import type { ComponentType } from "preact";
import { EnrollmentsView } from "./EnrollmentsView";
import { LeadsView } from "./LeadsView";
import { OutboxView } from "./OutboxView";
import { ReviewsView } from "./ReviewsView";

export interface SectionProps {
  /** The session ended (a 401): back to the login. */
  onUnauthorized: () => void;
}

export interface AdminSection {
  path: string;
  label: string;
  screen: ComponentType<SectionProps>;
}

export const adminSections: readonly AdminSection[] = [
  { path: "/admin", label: "Leads", screen: LeadsView },
  { path: "/admin/enrollments", label: "Enrollments", screen: EnrollmentsView },
  { path: "/admin/outbox", label: "Outbox", screen: OutboxView },
  { path: "/admin/reviews", label: "Reviews", screen: ReviewsView },
];
