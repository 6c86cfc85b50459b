import type { ComponentChildren } from "preact";

/** A column's header: its name, or `{ hidden }` for a name only screen readers hear (a column of buttons). */
export type Column = string | { hidden: string };

function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.hidden} scope="col">
              <span class="visually-hidden">{column.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * A table wider than a phone scrolls inside its own region rather than widening the page;
 * the region is named and focusable so a keyboard can scroll it too.
 */
export function ScrollTable({
  label,
  className,
  caption,
  columns,
  children,
}: {
  label: string;
  className?: string;
  caption?: string;
  columns: readonly Column[];
  /** The rows of the body. */
  children: ComponentChildren;
}) {
  return (
    <div class="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table class={className}>
        {caption && <caption>{caption}</caption>}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
