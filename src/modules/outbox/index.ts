// The admin's outbox view: how staff read email when no SMTP server is set.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { pagedList } from "../../http/api-docs";
import { decodeIdCursor, pageLimit, sendPage } from "../../http/pagination";
import { PageQuery } from "../../lib/pages";
import { IdParams } from "../../lib/schema-fields";
import { adminOnly } from "../admin/guard";
import { OutboxEmail, OutboxList } from "./model";
import { getOutboxEmail, listOutbox } from "./view";

const tags = ["Admin"];

export const outboxRoutes = (deps: AppDeps) => {
  const { db } = deps;
  return new Elysia({ prefix: "/api/admin/outbox" })
    .use(adminOnly(deps))
    .get(
      "",
      async ({ query, set }) =>
        sendPage(await listOutbox(db, { limit: pageLimit(query.limit, 100), before: decodeIdCursor(query.cursor) }), set),
      {
        query: PageQuery,
        response: { 200: OutboxList },
        detail: {
          summary: "Every email, newest first",
          description: "100 a page by default (`limit` up to 500); X-Next-Cursor carries the `cursor` of the next page.",
          tags,
          ...pagedList("uncounted"),
        },
      },
    )
    .get("/:id", ({ params }) => getOutboxEmail(db, Number(params.id)), {
      params: IdParams,
      response: { 200: OutboxEmail },
      detail: { summary: "One email with its full text", tags },
    });
};
