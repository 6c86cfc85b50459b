import { siteName } from "@src/lib/site-pages";
import { useEffect } from "react";

/** Sets the document title for the current screen. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title === siteName ? title : `${title} · ${siteName}`;
  }, [title]);
}
