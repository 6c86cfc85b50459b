import { fileURLToPath } from "node:url";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);
const folder = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

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
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
});
