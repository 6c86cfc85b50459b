// The sections the marketing pages are built of; each page gives only its copy (its lists in copy/<page>.json).
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

/** A point the pages make: a short heading over a sentence or two. */
export type Point = { title: string; text: string };

const point = (Item: "article" | "li") => (p: Point) => (
  <Item key={p.title}>
    <h3>{p.title}</h3>
    <p>{p.text}</p>
  </Item>
);

/** Points as a grid of cards, one column on small screens and `columns` on wide ones. */
export function Cards({ cards, columns }: { cards: readonly Point[]; columns?: 2 | 3 }) {
  return <div class={columns ? `cards cards-${columns}` : "cards"}>{cards.map(point("article"))}</div>;
}

/** Points that happen in order, numbered. */
export function Steps({ steps }: { steps: readonly Point[] }) {
  return <ol class="steps">{steps.map(point("li"))}</ol>;
}

/** A section of cards under its own heading; `id` names the heading, from the heading's words unless given. */
export function BenefitCards({
  heading,
  id = heading.toLowerCase().replace(/[^a-z]+/g, "-"),
  cards,
  columns = 3,
}: {
  heading: string;
  id?: string;
  cards: readonly Point[];
  columns?: 2 | 3;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <Cards cards={cards} columns={columns} />
    </section>
  );
}

/** A list of selling points, each ticked. */
export function Checks({ items }: { items: readonly string[] }) {
  return (
    <ul class="checks">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The reasons to choose the product, as a page puts them. */
export function WhyChoose({ items, class: className }: { items: readonly string[]; class?: string }) {
  return (
    <article class={className}>
      <h2>Why Choose Advantage ICHRA?</h2>
      <Checks items={items} />
    </article>
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
