// The admin's outbox view: how staff read email when no SMTP server is set.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { newestFirstList } from "../../http/api-docs";
import { idPageQuery, sendPage } from "../../http/pagination";
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
    .get("", async ({ query, set }) => sendPage(await listOutbox(db, idPageQuery(query)), set), {
      query: PageQuery,
      response: { 200: OutboxList },
      detail: newestFirstList("Every email, newest first", tags),
    })
    .get("/:id", ({ params }) => getOutboxEmail(db, Number(params.id), { emailDelivered: deps.config.smtpUrl !== null }), {
      params: IdParams,
      response: { 200: OutboxEmail },
      detail: { summary: "One email with its full text; with SMTP_URL set, a sign-in email's one-time link is hidden", tags },
    });
};
