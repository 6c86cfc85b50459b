import type { ComponentChildren } from "preact";

export type HeadingLevel = 2 | 3 | 4;

/** A heading at the level the page hosting a widget needs, so heading order stays intact. */
export function Heading({ level, id, children }: { level: HeadingLevel; id: string; children: ComponentChildren }) {
  const Tag = `h${level}` as "h2" | "h3" | "h4";
  return <Tag id={id}>{children}</Tag>;
}
