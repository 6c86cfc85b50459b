// Accessible tabs: arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern). The
// one tab component of the app (the dashboard's sections, the paycheck comparison).
import type { ComponentChildren } from "preact";
import { useRef, useState } from "react";

export interface Tab {
  id: string;
  label: string;
  content: () => ComponentChildren;
}

export function Tabs({
  tabs,
  label,
  idPrefix = "",
  selected: kept,
  onSelect,
}: {
  tabs: Tab[];
  label: string /** Keeps ids apart when a page has two tab sets. */;
  idPrefix?: string;
  /** The selected tab's id when the page keeps it (in its address, so a reload or a link keeps it); an unknown one selects the first tab. */
  selected?: string | null;
  onSelect?: (id: string) => void;
}) {
  const [own, setOwn] = useState(tabs[0].id);
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((t) => t.id === (kept ?? own)) ?? tabs[0];
  const selected = current.id;
  const setSelected = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === selected);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    else return;
    event.preventDefault();
    setSelected(tabs[next].id);
    refs.current[tabs[next].id]?.focus();
  }

  return (
    <div class="tabs">
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}tab-${t.id}`}
            aria-selected={t.id === selected}
            aria-controls={`${idPrefix}panel-${t.id}`}
            tabIndex={t.id === selected ? 0 : -1}
            onClick={() => setSelected(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}panel-${current.id}`} aria-labelledby={`${idPrefix}tab-${current.id}`} tabIndex={0}>
        {current.content()}
      </div>
    </div>
  );
}
