// The yearly figures (affordability percentage, wage base, poverty line, penalties) come
// from the server's table, not from the bundle: a year published after the build is used as
// soon as it is added. Prerendered pages carry the figures of their build in a meta tag, so
// they render (and hydrate) with them before the fresh list arrives. A plain fetch: the
// marketing pages' first load stays free of the typed client.
import type { YearlyFigure } from "@src/modules/compliance/figures";
import type { FiguresAnswer } from "@src/modules/figures/model";
import { useEffect, useState } from "react";

export const FIGURES_META = "yearly-figures";

let known: YearlyFigure[] | null = null;
let loading: Promise<YearlyFigure[] | null> | null = null;

/** The figures a page starts with: given at prerender time, or read from the page's meta tag. */
export function setInitialFigures(figures: YearlyFigure[] | null) {
  known = figures;
  loading = null;
}

/** The figures the prerendered page was built with, if it carries them. */
export function figuresFromMeta(): YearlyFigure[] | null {
  if (typeof document === "undefined") return null;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${FIGURES_META}"]`)?.content;
  if (!content) return null;
  try {
    return JSON.parse(content) as YearlyFigure[];
  } catch {
    return null;
  }
}

function loadFigures(): Promise<YearlyFigure[] | null> {
  loading ??= fetch("/api/figures", { credentials: "same-origin" })
    // A refusal's body is dropped at once, as the header's session read does.
    .then((res) => (res.ok ? (res.json() as Promise<FiguresAnswer>) : (res.body?.cancel().then(() => null) ?? null)))
    .then((answer) => {
      if (answer) known = answer.figures as YearlyFigure[];
      else loading = null; // ask again on the next screen
      return known;
    })
    .catch(() => {
      loading = null;
      return known;
    });
  return loading;
}

/** The figures: what the page started with, then the server's current list (null until there is one). */
export function useFigures(): YearlyFigure[] | null {
  const [figures, setFigures] = useState<YearlyFigure[] | null>(known ?? figuresFromMeta());
  useEffect(() => {
    let live = true;
    void loadFigures().then((list) => live && list && setFigures(list));
    return () => {
      live = false;
    };
  }, []);
  return figures;
}
