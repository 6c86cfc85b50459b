import { fileURLToPath } from "node:url";
import preact from "@preact/preset-vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);
const folder = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

const main = folder("web/main.tsx");
let firstLoad: Set<string> | undefined;
/** Every module the first page loads: main.tsx and what it imports statically, transitively (one build, one graph). */
function firstLoadOf(ctx: ChunkingContext): Set<string> {
  if (firstLoad) return firstLoad;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(main);
  firstLoad = seen;
  return seen;
}

/**
 * Everything the first page loads, but its entry, goes into one chunk ("app"). Left to
 * itself the bundler split it into eight (preact's hooks, the signals, a few small modules
 * the screens share too), and a phone on a slow network paid a round trip for each on every
 * page. The entry stays its own so the manifest still names it, and the bundler's runtime
 * (under 1 KB) stays a file of its own: it is no module of ours, and no group takes it.
 */
function firstLoadChunkOf(id: string, ctx: ChunkingContext): string | null {
  return id !== main && firstLoadOf(ctx).has(id) ? "app" : null;
}

export default defineConfig({
  root: "web",
  publicDir: "../public",
  // The preset aliases react and react-dom to preact/compat for the build.
  plugins: [preact({ prerender: { enabled: false } })],
  // The same path aliases as tsconfig.json (Bun reads them there).
  resolve: { alias: { "@src": folder("src"), "@web": folder("web"), "@db": folder("db") } },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    modulePreload: { polyfill: false },
    // Read by scripts/prerender.ts to give each on-demand screen a shell that preloads its modules; removed after.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstLoadChunkOf, debugName: "first load" }] } } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
});
