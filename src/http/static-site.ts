// Serves the built web app from memory: hashed assets with a year of caching, pages with
// revalidation, gzip when the browser accepts it. Known routes get their prerendered HTML
// (when the build made one; drawn signed in for a browser that may be signed in), their
// screen's own shell (the app shell that also preloads the screen's modules), or the app
// shell, with 200; anything else gets the shell with 404, so the browser shows the Not
// Found page and crawlers see the right status. The security headers come from the request
// context, which Elysia merges into every answer.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { Elysia } from "elysia";
import { pageOf } from "../lib/site-routes";
import { noSuchEndpoint } from "./errors";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  type: string;
  etag: string;
  /** The gzip bytes are another representation, so they get their own strong tag. */
  gzipEtag: string;
  immutable: boolean;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export interface SiteOptions {
  /** Text to substitute in every HTML page when the site is loaded (placeholder → value). */
  htmlReplacements?: Record<string, string>;
  /**
   * The cookie a browser that may be signed in carries: it gets a prerendered page's signed-in
   * drawing (prerendered/signed-in/), whose header keeps the account bar's room, so the page
   * does not move when the bar arrives.
   */
  signedInCookie?: string;
}

function readWithReplacements(full: string, replacements: Record<string, string> | undefined): Uint8Array<ArrayBuffer> {
  if (!replacements || extname(full).toLowerCase() !== ".html") return new Uint8Array(readFileSync(full));
  let text = readFileSync(full, "utf8");
  for (const [from, to] of Object.entries(replacements)) text = text.replaceAll(from, to);
  return new Uint8Array(new TextEncoder().encode(text));
}

export function loadSite(dir: string, options: SiteOptions = {}): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  for (const full of walk(dir)) {
    const path = `/${relative(dir, full).split("\\").join("/")}`;
    const body = readWithReplacements(full, options.htmlReplacements);
    const type = types[extname(full).toLowerCase()] ?? "application/octet-stream";
    const gzip = compressible.test(type) && body.byteLength > 512 ? Bun.gzipSync(body, { level: 9 }) : null;
    const hash = Bun.hash(body).toString(36);
    files.set(path, {
      body,
      gzip,
      type,
      etag: `"${hash}"`,
      gzipEtag: `"${hash}-gz"`,
      immutable: path.startsWith("/assets/"),
    });
  }
  return files;
}

function prerenderedPath(pathname: string, signedIn: boolean): string {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return `/prerendered${signedIn ? "/signed-in" : ""}${clean === "/" ? "/index" : clean}.html`;
}

/** Whether the request carries the cookie `name`. */
function hasCookie(request: Request, name: string | undefined): boolean {
  if (!name) return false;
  return (request.headers.get("cookie") ?? "").split(/;\s*/).some((pair) => pair.startsWith(`${name}=`));
}

/** If-None-Match holds `etag` (a list of tags, weak or strong, or `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

function respond(file: StaticFile, request: Request, status: number, vary = "accept-encoding"): Response {
  const gzipOk = file.gzip !== null && (request.headers.get("accept-encoding") ?? "").includes("gzip");
  const headers: Record<string, string> = {
    "content-type": file.type,
    etag: gzipOk ? file.gzipEtag : file.etag,
    vary,
    "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
  };
  if (status === 200 && matches(request.headers.get("if-none-match"), headers.etag!)) {
    return new Response(null, { status: 304, headers });
  }
  if (gzipOk) headers["content-encoding"] = "gzip";
  const body = request.method === "HEAD" ? null : ((gzipOk ? file.gzip : file.body) as Uint8Array<ArrayBuffer>);
  return new Response(body, { status, headers });
}

const missingBuild = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build missing</title></head>
<body><main><h1>The web app has not been built</h1><p>Run <code>npm start</code> (it builds when needed) or <code>npm run build:web</code>.</p></main></body></html>`;

export function staticSite(dir: string, options: SiteOptions = {}) {
  const files = loadSite(dir, options);
  const shell = files.get("/index.html");

  const serve = ({ request }: { request: Request }) => {
    const raw = new URL(request.url).pathname;
    let pathname: string;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      // Kept as sent when it cannot be decoded (a lone %ff): an API path still answers as the API does.
      pathname = raw.startsWith("/api/") ? raw : "/%";
    }
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      throw noSuchEndpoint(request.method, pathname);
    }
    const asset = files.get(pathname);
    if (asset && pathname !== "/index.html" && !pathname.startsWith("/prerendered/") && !pathname.startsWith("/shells/")) {
      return respond(asset, request, 200);
    }
    const screen = pageOf(pathname);
    const known = screen !== null;
    const signedIn = hasCookie(request, options.signedInCookie);
    const prerendered = known ? (files.get(prerenderedPath(pathname, signedIn)) ?? files.get(prerenderedPath(pathname, false))) : undefined;
    // A screen that loads on demand has its own shell, which preloads its modules with the
    // page and is drawn, as a prerendered page is, for a browser that may be signed in or not.
    const screenShell = known
      ? (files.get(`/shells/${signedIn ? "signed-in/" : ""}${screen}.html`) ?? files.get(`/shells/${screen}.html`))
      : undefined;
    const page = (known && (prerendered ?? screenShell)) || shell;
    if (!page) {
      return new Response(missingBuild, {
        status: known ? 503 : 404,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    }
    // A prerendered page is drawn signed in or out by the cookie: caches keep them apart.
    return respond(page, request, known ? 200 : 404, prerendered || screenShell ? "accept-encoding, cookie" : "accept-encoding");
  };

  return new Elysia({ name: "static-site" }).get("/*", serve, { detail: { hide: true } }).head("/*", serve, { detail: { hide: true } });
}
