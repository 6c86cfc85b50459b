import { Elysia } from "elysia";
import { databaseAnswers } from "../../db";
import type { AppDeps } from "../../deps";
import { Health } from "./model";

export const systemRoutes = ({ sqlite }: AppDeps) =>
  new Elysia({ prefix: "/api" }).get(
    "/health",
    ({ set }) => {
      const database = databaseAnswers(sqlite);
      if (!database) set.status = 503;
      return { status: database ? ("ok" as const) : ("degraded" as const), database };
    },
    {
      response: { 200: Health, 503: Health },
      detail: { summary: "Whether the server and its database answer", tags: ["System"] },
    },
  );
