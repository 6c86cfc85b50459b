// Renders a page of the app to HTML at build time (scripts/prerender.ts), the way the
// browser would render it at that path, so the page's content is there before any script.

import type { YearlyFigure } from "@src/modules/compliance/figures";
import { renderToStringAsync } from "preact-render-to-string";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App, prerenderShells } from "./App";
import { prerenderSignedIn } from "./lib/signed-in-cookie";
import { setInitialFigures } from "./lib/use-figures";

/** The yearly figures the pages render with (the build's database seed). */
export const setPrerenderFigures = (figures: YearlyFigure[]) => setInitialFigures(figures);

/**
 * Async so lazy parts of a page (Suspense) are rendered into the HTML too. `signedIn` draws it
 * for a browser that may be signed in: the header keeps the account bar's room.
 */
export async function renderPage(path: string, signedIn = false): Promise<string> {
  prerenderSignedIn(signedIn);
  return await renderToStringAsync(
    // A fixed location: preact's useSyncExternalStore reads the browser snapshot, which
    // has no `location` here.
    <Router hook={memoryLocation({ path, static: true }).hook} ssrPath={path}>
      <App ssrPath={path} />
    </Router>,
  );
}

/** The shell of a screen that loads on demand, at one of its paths: the chrome and the screen's loading line. */
export async function renderShell(path: string, signedIn: boolean): Promise<string> {
  prerenderShells(true);
  try {
    return await renderPage(path, signedIn);
  } finally {
    prerenderShells(false);
  }
}
