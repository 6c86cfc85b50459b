import { type MarketingPath, marketingPages } from "@src/lib/site-pages";
import { useEffect } from "react";
import { usePageTitle } from "../../components/chrome/page-title";

/** Sets the title and description of a marketing page after client-side navigation. */
export function usePageMeta(path: MarketingPath) {
  const meta = marketingPages[path];
  usePageTitle(meta.name);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
  }, [meta]);
}
