// First-load weight of /: every script, module preload and stylesheet the prerendered home
// page references, gzipped at the level the server uses. Lazily loaded chunks (the form
// validation, other screens) are listed apart. Budget: JS + CSS at most 60 KB gzip.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureWebBuild, root, verdict } from "./_support";

await ensureWebBuild();
const dist = join(root, "dist", "web");
const html = readFileSync(join(dist, "prerendered", "index.html"), "utf8");
const referenced = [
  ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*\bhref="([^"]+)"[^>]*\brel="(?:stylesheet|modulepreload)"/g),
].map((m) => m[1]!);
const firstLoad = [...new Set(referenced)].filter((p) => /\.(js|css)$/.test(p));

const gz = (path: string) => Bun.gzipSync(new Uint8Array(readFileSync(join(dist, path))), { level: 9 }).byteLength;
const kb = (n: number) => (n / 1024).toFixed(1);

let js = 0;
let css = 0;
for (const path of firstLoad) {
  if (path.endsWith(".css")) css += gz(path);
  else js += gz(path);
}
const later = readdirSync(join(dist, "assets"))
  .map((f) => `/assets/${f}`)
  .filter((p) => /\.(js|css)$/.test(p) && !firstLoad.includes(p));
const lazy = later.reduce((sum, p) => sum + gz(p), 0);
const total = js + css;
const budget = 60 * 1024;
console.log(
  `bundle-size: first-load JS+CSS of / ${kb(total)} KB gzip (JS ${kb(js)} KB, CSS ${kb(css)} KB; ${firstLoad.length} files; ratio to the 60 KB budget ${(total / budget).toFixed(2)}), ${later.length} lazy chunks ${kb(lazy)} KB; budget ≤ 60 KB: ${verdict(total <= budget)}`,
);
