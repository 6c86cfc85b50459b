import { useEffect } from "react";

export const siteName = "Advantage ICHRA";

/** Sets the document title for the current screen. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title === siteName ? title : `${title} · ${siteName}`;
  }, [title]);
}
