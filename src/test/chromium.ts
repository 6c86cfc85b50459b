// Debian's Chromium, as every browser run here drives it (testing.md): found by
// CHROMIUM_PATH, then the system's paths; never a downloaded browser.
import { existsSync } from "node:fs";

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");
  return found;
}

/** The switches of a headless run that talks to nothing but the pages it is sent to. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
