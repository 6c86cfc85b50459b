import type { ComponentChildren } from "preact";

/** The top of a marketing page: an optional eyebrow, headline, a short pitch and optional actions. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ComponentChildren }) {
  return (
    <section class="hero page-hero" aria-labelledby="page-heading">
      {eyebrow && <p class="badge">{eyebrow}</p>}
      <h1 id="page-heading">{title}</h1>
      {children}
    </section>
  );
}

export function BenefitCards({
  heading,
  cards,
  columns = 3,
}: {
  heading: string;
  cards: readonly { title: string; text: string }[];
  columns?: 2 | 3;
}) {
  const id = heading.toLowerCase().replace(/[^a-z]+/g, "-");
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <div class={`cards cards-${columns}`}>
        {cards.map((c) => (
          <article key={c.title}>
            <h3>{c.title}</h3>
            <p>{c.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

/** A page's lead form in a section of its own, under the heading that names the form. */
export function FormSection({
  id,
  headingId,
  heading,
  intro,
  children,
}: {
  /** The section's id, where a link on the page points at it. */
  id?: string;
  /** The heading's id: the form's `labelledBy`. */
  headingId: string;
  heading: string;
  intro?: string;
  children: ComponentChildren;
}) {
  return (
    <section id={id} aria-labelledby={headingId} class="form-section">
      <article>
        <h2 id={headingId}>{heading}</h2>
        {intro && <p>{intro}</p>}
        {children}
      </article>
    </section>
  );
}
