// The API documents itself: the OpenAPI document is generated from the routes' TypeBox
// schemas and made publishable for integrators' tools (Redocly's recommended rules pass):
// our validation messages move under `x-messages`, the session cookie is declared as a
// security scheme on the operations that need it, the error answers are documented, and a
// server is named. /api/docs renders it as a plain HTML reference on the server, so the
// page needs no script and nothing from a third-party CDN.
import { toOpenAPISchema } from "@elysiajs/openapi";
import { type AnyElysia, Elysia } from "elysia";
import { escapeHtml } from "../lib/html";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from "../lib/pages";
import { SESSION_COOKIE } from "../modules/auth/sessions";
import { ErrorAnswer, MessageAnswer } from "./answers";

const specPath = "/api/docs/json";

interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
  [PAGE_HEADERS]?: "counted" | "uncounted";
}

const schemaBlock = (schema: unknown) => `<pre><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre>`;

interface ApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

export function renderReference(spec: ApiDocument): string {
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(spec.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const parts = [`<h2 id="${escapeHtml(`${method}-${path}`)}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2>`];
      if (op.summary) parts.push(`<p>${escapeHtml(op.summary)}</p>`);
      if (op.parameters?.length) {
        parts.push("<h3>Parameters</h3><ul>");
        for (const p of op.parameters)
          parts.push(`<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""})</li>`);
        parts.push("</ul>");
      }
      const body = op.requestBody?.content && Object.values(op.requestBody.content)[0]?.schema;
      if (body) parts.push("<h3>Request body</h3>", schemaBlock(body));
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content && Object.values(response.content)[0]?.schema;
        parts.push(
          `<h3>Answer ${escapeHtml(status)}</h3>`,
          schema ? schemaBlock(schema) : `<p>${escapeHtml(response.description ?? "")}</p>`,
        );
      }
      sections.push(`<section>${parts.join("")}</section>`);
    }
  }
  const title = escapeHtml(spec.info?.title ?? "API");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} reference</title><link rel="stylesheet" href="/api/docs/style.css"></head>
<body><main><h1>${title} <small>${escapeHtml(spec.info?.version ?? "")}</small></h1>
<p>The machine-readable document is at <a href="${specPath}">${specPath}</a>.</p>${sections.join("\n")}</main></body></html>`;
}

const css = `body{font-family:system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem}
h2{margin-top:2rem;font-size:1.15rem;border-top:1px solid #d0d7de;padding-top:1rem}pre{background:#f6f8fa;padding:.75rem;overflow:auto;font-size:.8rem}`;

/** A route's `detail` names its page headers with this key; the document turns it into headers. */
export const PAGE_HEADERS = "x-page-headers";

/** The `detail` of a paged list (src/lib/pages.ts): X-Next-Cursor, and the count headers when counted. */
export const pagedList = (counting: "counted" | "uncounted") => ({ [PAGE_HEADERS]: counting }) as const;

/** The `detail` of a list read newest first by id, a page at a time. */
export const newestFirstList = (summary: string, tags: string[]) => ({
  summary,
  description: "100 a page by default (`limit` up to 500); X-Next-Cursor carries the `cursor` of the next page.",
  tags,
  ...pagedList("uncounted"),
});

const securitySchemes = {
  adminSession: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "An admin's session: the cookie POST /api/admin/login sets.",
  },
  ownerSession: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "An employer's session: the cookie that registration or an emailed sign-in link sets.",
  },
  employeeSession: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "A registered employee's session: the cookie an emailed sign-in link sets.",
  },
};

/** Which session an operation needs, by where its feature mounts it (a test checks each claim). */
function securityOf(path: string): Record<string, string[]>[] {
  const admin = { adminSession: [] };
  const owner = { ownerSession: [] };
  const employee = { employeeSession: [] };
  if (path === "/api/admin/login") return [];
  if (path.startsWith("/api/admin/")) return [admin];
  if (path === "/api/business/register") return [];
  if (path.startsWith("/api/business/") || path.startsWith("/api/enrollment/")) return [owner, admin];
  if (path === "/api/benefits" || path.startsWith("/api/benefits/")) return [employee];
  if (path === "/api/auth/me") return [owner, admin, employee];
  // Signing out works with or without a session.
  if (path === "/api/auth/logout") return [{}, owner, admin, employee];
  return [];
}

const json = (schema: unknown) => ({ "application/json": { schema: JSON.parse(JSON.stringify(schema)) } });

/** The error answers every operation may give, each when it really happens. */
function errorAnswers(method: string, op: Operation): Record<string, Response> {
  const out: Record<string, Response> = {};
  const hasPathParams = op.parameters?.some((p) => p.in === "path") ?? false;
  const needsSession = op.security?.some((s) => Object.keys(s).length > 0) ?? false;
  const sessionOptional = op.security?.some((s) => Object.keys(s).length === 0) ?? false;
  const body = op.requestBody?.content ?? {};
  if (op.parameters?.length || Object.keys(body).length)
    out["400"] = { description: "The input names a bad field", content: json(ErrorAnswer) };
  if (needsSession && !sessionOptional)
    out["401"] = { description: "No session of the kind the operation needs", content: json(MessageAnswer) };
  if (method !== "get" && method !== "head")
    out["403"] = { description: "A cross-site request carrying the session cookie", content: json(MessageAnswer) };
  if (hasPathParams) out["404"] = { description: "Nothing with that id, or not yours", content: json(MessageAnswer) };
  if ("application/json" in body) out["413"] = { description: "A JSON body over 1 MB", content: json(MessageAnswer) };
  return out;
}

const pageHeaders = (counting: "counted" | "uncounted") => ({
  [NEXT_CURSOR_HEADER]: { description: "The `cursor` of the next page; absent on the last page", schema: { type: "string" } },
  ...(counting === "counted"
    ? {
        [TOTAL_COUNT_HEADER]: { description: "The number of matches", schema: { type: "integer" } },
        [TOTAL_COUNT_CAPPED_HEADER]: {
          description: "`true` when the count stopped at its cap: X-Total-Count is then a lower bound",
          schema: { type: "string", enum: ["true"] },
        },
      }
    : {}),
});

/** Our schema keywords that OpenAPI does not know, moved under `x-` keys (JSON Schema allows extensions there). */
function publishSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(publishSchemas);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "messages") out["x-messages"] = value;
    else if (key === "error") out["x-error"] = value;
    else out[key] = publishSchemas(value);
  }
  return out;
}

/** The generated document, made publishable (see the top of this file). */
export function publishable(generated: { paths: object; components: { schemas: unknown } }, info: ApiDocument["info"]): ApiDocument {
  const paths = publishSchemas(generated.paths) as Record<string, Record<string, Operation>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      op.security = securityOf(path);
      op.responses = { ...errorAnswers(method, op), ...op.responses };
      // A download answers its file: the route returns a Response, which the generator cannot see into.
      if (path.endsWith(".csv") && !Object.keys(op.responses).some((status) => status.startsWith("2")))
        op.responses["200"] = { description: "The CSV file (UTF-8, RFC 4180)", content: { "text/csv": { schema: { type: "string" } } } };
      const paging = op[PAGE_HEADERS];
      if (paging) {
        delete op[PAGE_HEADERS];
        const ok = op.responses["200"];
        if (ok) ok.headers = { ...ok.headers, ...pageHeaders(paging) };
      }
    }
  }
  return {
    openapi: "3.1.0",
    info,
    servers: [{ url: "/", description: "This site (every path starts with /api)" }],
    paths,
    components: { schemas: publishSchemas(generated.components.schemas), securitySchemes },
  };
}

/**
 * The app as the generator should see it: every JSON body is read by our own parse hook
 * (http/json-body.ts), which the generator cannot name, so it would document no body at
 * all. Each route is shown with Elysia's named JSON parser in its place.
 */
function readingJson(app: AnyElysia): AnyElysia {
  // The generator reads the app through these two methods (protected in Elysia's types).
  const inner = app as unknown as { getGlobalRoutes(): { hooks?: object }[]; getGlobalDefinitions(): unknown };
  const routes = inner.getGlobalRoutes().map((route) => ({ ...route, hooks: { ...route.hooks, parse: [{ fn: "json" }] } }));
  return { getGlobalDefinitions: () => inner.getGlobalDefinitions(), getGlobalRoutes: () => routes } as unknown as AnyElysia;
}

const info = {
  title: "Advantage ICHRA API",
  version: "1.0.0",
  description: "Lead capture, employer enrollment, employee registration and the admin dashboard.",
};

/** `app` answers the composed app, whose routes the document describes. */
export const apiDocs = (app: () => AnyElysia) => {
  let document: ApiDocument | null = null;
  let reference: string | null = null;
  const published = () => {
    document ??= publishable(toOpenAPISchema(readingJson(app()), { paths: [/^\/api\/docs/, /^(?!\/api\/)/], staticFile: false }), info);
    return document;
  };
  return new Elysia({ name: "api-docs" })
    .get(specPath, () => published(), { detail: { hide: true } })
    .get(
      "/api/docs",
      () => {
        reference ??= renderReference(published());
        return new Response(reference, { headers: { "content-type": "text/html; charset=utf-8" } });
      },
      { detail: { hide: true } },
    )
    .get("/api/docs/style.css", () => new Response(css, { headers: { "content-type": "text/css; charset=utf-8" } }), {
      detail: { hide: true },
    });
};
