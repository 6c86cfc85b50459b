// After `vite build`: renders each marketing page into dist/web/prerendered/<page>.html
// (the built shell with the page's markup, title and description), marks it for
// hydration, and adds the contact placeholders the server fills in from its configuration.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "@src/db";
import { escapeHtml } from "@src/lib/html";
import { contactPlaceholders } from "@src/lib/site-contact";
import { marketingPages } from "@src/lib/site-pages";
import { type PageName, routes } from "@src/lib/site-routes";
import { listFigures } from "@src/modules/figures/service";
import { FIGURES_META } from "@web/lib/use-figures";
import type { BunPlugin } from "bun";

const root = join(import.meta.dir, "..");
const preactFile = (path: string) => join(root, "node_modules", "preact", path);

const prerenderPlugin: BunPlugin = {
  name: "prerender",
  setup(build) {
    // One preact instance, as in the browser build: react and react-dom are preact/compat's
    // ES module (the npm alias would otherwise bring its CommonJS twin beside it).
    build.onResolve({ filter: /^react(-dom)?$/ }, () => ({ path: preactFile("compat/dist/compat.mjs") }));
    build.onResolve({ filter: /^react\/jsx(-dev)?-runtime$/ }, () => ({ path: preactFile("jsx-runtime/dist/jsxRuntime.mjs") }));
    // Styles are the browser build's business; at prerender time a stylesheet import is empty.
    build.onLoad({ filter: /\.css$/ }, () => ({ contents: "export default {};", loader: "js" }));
  },
};

// Bundled first, so every import (ours and the libraries') resolves the way the plugin says.
const bundleDir = join(root, "dist", "prerender");
const bundled = await Bun.build({
  entrypoints: [join(root, "web", "prerender-entry.tsx")],
  outdir: bundleDir,
  target: "bun",
  format: "esm",
  plugins: [prerenderPlugin],
  define: { "process.env.NODE_ENV": '"production"' },
});
if (!bundled.success) throw new AggregateError(bundled.logs, "prerender bundle failed");
const dist = join(root, "dist", "web");
const { renderPage, renderShell, setPrerenderFigures } = (await import(bundled.outputs[0]!.path)) as typeof import("@web/prerender-entry");

// The yearly figures as the migrations seed them: the pages render with them, carry them in a
// meta tag for hydration, and fetch the server's current list once running.
const seeded = openDatabase(":memory:");
const figures = await listFigures(seeded.db);
seeded.close();
setPrerenderFigures(figures);
const figuresMeta = `<meta name="${FIGURES_META}" content="${escapeHtml(JSON.stringify(figures))}" />`;

const contactMeta =
  `<meta name="contact-email" content="${contactPlaceholders.email}" />` +
  `<meta name="contact-phone" content="${contactPlaceholders.phone}" />`;

let shell = readFileSync(join(dist, "index.html"), "utf8");
if (!shell.includes('name="contact-email"')) {
  shell = shell.replace("</head>", `${contactMeta}</head>`);
  writeFileSync(join(dist, "index.html"), shell);
}

// Each page twice: for a visitor, and for a browser that may be signed in (the server picks
// by its cookie), whose header keeps the account bar's room.
mkdirSync(join(dist, "prerendered", "signed-in"), { recursive: true });
for (const [path, meta] of Object.entries(marketingPages)) {
  for (const signedIn of [false, true]) {
    const body = await renderPage(path, signedIn);
    const html = shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`)
      .replace("</head>", `${figuresMeta}</head>`)
      .replace(/<body[^>]*>[\s\S]*<\/body>/, `<body data-prerendered="true">${body}</body>`);
    if (!html.includes('data-prerendered="true"') || !html.includes(escapeHtml(meta.title))) throw new Error(`could not prerender ${path}`);
    const file = path === "/" ? "index.html" : `${path.slice(1)}.html`;
    writeFileSync(join(dist, "prerendered", ...(signedIn ? ["signed-in"] : []), file), html);
  }
}
console.log(`Prerendered ${Object.keys(marketingPages).length} pages, each for a visitor and for a signed-in browser`);

// Each screen that loads on demand gets its own shell: the app shell plus preload links for
// the screen's modules and styles, so a phone fetches them with the page instead of after the
// app's code has run. The server answers the screen's routes with it (src/http/static-site.ts).
// Screens are named by their module's name in Vite's manifest; one missing fails the build.
const screenModules: Partial<Record<PageName, string>> = {
  enroll: "EnrollPage",
  login: "LoginPage",
  benefits: "BenefitsPage",
  terms: "TermsPage",
  admin: "AdminArea",
  dashboard: "DashboardPage",
  success: "SuccessPage",
  enrollmentClasses: "EnrollmentClassesPage",
  enrollmentNotice: "NoticePage",
  enrollmentDetails: "EnrollmentDetailsPage",
  employeeNotice: "EmployeeNoticePage",
  employeeRegistration: "EmployeeRegistration",
};
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isDynamicEntry?: boolean;
  css?: string[];
}
const manifestPath = join(dist, ".vite", "manifest.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
/** What the shell already loads: the entry and its static imports, transitively. */
const inShell = new Set<string>();
const load = (k: string) => {
  if (inShell.has(k)) return;
  inShell.add(k);
  for (const imported of manifest[k]!.imports ?? []) load(imported);
};
load("index.html");
mkdirSync(join(dist, "shells", "signed-in"), { recursive: true });
for (const [page, name] of Object.entries(screenModules)) {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isDynamicEntry && manifest[k]!.name === name);
  if (!key) throw new Error(`no module named ${name} among the app's on-demand screens`);
  const modules = new Set<string>();
  const styles = new Set<string>();
  const visit = (k: string) => {
    if (inShell.has(k) || modules.has(k)) return;
    modules.add(k);
    for (const css of manifest[k]!.css ?? []) styles.add(css);
    for (const imported of manifest[k]!.imports ?? []) visit(imported);
  };
  visit(key);
  const links = [
    ...[...styles].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    ...[...modules].map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`),
  ].join("");
  // Drawn as the screen looks while its code loads (its chrome and its loading line), for a
  // visitor and for a browser that may be signed in, as the marketing pages are: the page
  // paints before any script, and the app renders over the same markup.
  const path = routes.find((r) => r.page === page)!.pattern.replace(/:[^/]+/g, "0");
  for (const signedIn of [false, true]) {
    const body = await renderShell(path, signedIn);
    const html = shell.replace("</head>", `${links}</head>`).replace(/<body[^>]*>[\s\S]*<\/body>/, `<body>${body}</body>`);
    if (!html.includes("page-loading")) throw new Error(`could not draw the shell of ${page}`);
    writeFileSync(join(dist, "shells", ...(signedIn ? ["signed-in"] : []), `${page}.html`), html);
  }
}
// The manifest has served its purpose and is not for the site's visitors.
rmSync(join(dist, ".vite"), { recursive: true, force: true });
console.log(`Wrote shells for ${Object.keys(screenModules).length} on-demand screens`);
