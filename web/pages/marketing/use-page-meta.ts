import { useEffect } from "react";
import { marketingPages, type MarketingPath } from "./meta";

/** Sets the title and description of a marketing page after client-side navigation. */
export function usePageMeta(path: MarketingPath) {
  useEffect(() => {
    const meta = marketingPages[path];
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
  }, [path]);
}
