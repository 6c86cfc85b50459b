// Preloaded by every `bun test` run (bunfig.toml). Only component tests (web/**/*.test.tsx)
// get a DOM: happy-dom replaces Request and Response, which the server tests need real.
// A run holds one kind of test (scripts/test.ts runs the layers apart), so its first file
// says which kind.
import { mock } from "bun:test";

const firstFile = Bun.argv[1] ?? "";
if (/[\\/]web[\\/](?!e2e[\\/]).*\.test\.tsx?$/.test(firstFile)) {
  const { GlobalRegistrator } = await import("@happy-dom/global-registrator");
  const testUtils = await import("preact/test-utils");
  // A page of this site, not about:blank, which keeps no cookies.
  GlobalRegistrator.register({ url: "http://localhost/" });
  mock.module("react-dom/test-utils", () => testUtils);
}
