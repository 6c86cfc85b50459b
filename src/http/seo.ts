// /sitemap.xml and /robots.txt, with absolute URLs from the site's configured origin.
import { Elysia } from "elysia";
import type { Config } from "../config";
import { escapeHtml } from "../lib/html";
import { marketingPages } from "../lib/site-pages";
import { siteOrigin } from "./origin";

/** The public pages a search engine should index, most important first. */
export const sitemapPaths = [...Object.keys(marketingPages), "/enroll"];

const disallowed = ["/admin", "/benefits", "/dashboard/", "/success/", "/employee-registration/", "/enrollment/", "/api/"];

export function sitemapXml(origin: string): string {
  const urls = sitemapPaths.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...disallowed.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** A generated text file, which browsers and crawlers may keep for an hour. */
const cachedFile = (body: string, contentType: string) =>
  new Response(body, { headers: { "content-type": `${contentType}; charset=utf-8`, "cache-control": "public, max-age=3600" } });

export const seoRoutes = (config: Pick<Config, "publicUrl">) =>
  new Elysia({ name: "seo" })
    .get("/sitemap.xml", () => cachedFile(sitemapXml(siteOrigin(config)), "application/xml"), { detail: { hide: true } })
    .get("/robots.txt", () => cachedFile(robotsTxt(siteOrigin(config)), "text/plain"), { detail: { hide: true } });
