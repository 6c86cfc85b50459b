// Preloaded by every `bun test` run (bunfig.toml). Only component tests (web/**/*.test.tsx)
// get a DOM: happy-dom replaces Request and Response, which the server tests need real.
// A run holds one kind of test (scripts/test.ts runs the layers apart), so its first file
// says which kind.
import { afterEach, mock } from "bun:test";

const firstFile = Bun.argv[1] ?? "";
if (/[\\/]web[\\/](?!e2e[\\/]).*\.test\.tsx?$/.test(firstFile)) {
  const { GlobalRegistrator } = await import("@happy-dom/global-registrator");
  const testUtils = await import("preact/test-utils");
  // A page of this site, not about:blank, which keeps no cookies.
  GlobalRegistrator.register({ url: "http://localhost/" });
  mock.module("react-dom/test-utils", () => testUtils);
  // The one window outlives each test: a step a form wrote in its history entry would be read
  // by the next test's form as a reload of that step, and a link followed would leave the
  // next test at its address. Each test starts as a new visit to the site's home.
  afterEach(() => history.replaceState(null, "", "/"));
}
