// The API documents itself: the OpenAPI document is generated from the routes' TypeBox
// schemas, and /api/docs renders it as a plain HTML reference on the server, so the page
// needs no script and nothing from a third-party CDN.
import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { escapeHtml } from "../lib/html";

const specPath = "/api/docs/json";

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

const schemaBlock = (schema: unknown) => `<pre><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre>`;

interface ApiDocument {
  info?: { title?: string; version?: string };
  paths?: Record<string, Record<string, Operation>>;
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

/** `handle` is the composed app's own request handler, used to read the generated document. */
export const apiDocs = (handle: (request: Request) => Promise<Response>) => {
  let cached: string | null = null;
  return new Elysia({ name: "api-docs" })
    .use(
      openapi({
        path: "/api/docs/openapi",
        specPath,
        provider: null,
        documentation: {
          info: {
            title: "Advantage ICHRA API",
            version: "1.0.0",
            description: "Lead capture, employer enrollment, employee registration and the admin dashboard.",
          },
        },
        exclude: { paths: [/^\/api\/docs/, "/*"] },
      }),
    )
    .get(
      "/api/docs",
      async () => {
        if (!cached) {
          const res = await handle(new Request(`http://localhost${specPath}`)).catch(() => null);
          if (!res?.ok) return new Response("API document unavailable", { status: 503 });
          cached = renderReference((await res.json()) as ApiDocument);
        }
        return new Response(cached, { headers: { "content-type": "text/html; charset=utf-8" } });
      },
      { detail: { hide: true } },
    )
    .get("/api/docs/style.css", () => new Response(css, { headers: { "content-type": "text/css; charset=utf-8" } }), {
      detail: { hide: true },
    });
};
