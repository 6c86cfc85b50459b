// One badge for every status in the product (a business, an enrollment, an invitation, a proof,
// a claim): the same shape on the employer's, the employee's and the admin's screens, its
// colour saying how things stand. Its styles are in styles/app.css, loaded with every page.
import type { ComponentChildren } from "preact";
import type { Tone } from "./tones";

export function StatusBadge({ tone, children }: { tone: Tone; children: ComponentChildren }) {
  return <span class={`status-badge tone-${tone}`}>{children}</span>;
}
