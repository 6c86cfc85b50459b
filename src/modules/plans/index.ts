import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { PlanList } from "./model";
import { listPlans } from "./service";

export const plansRoutes = ({ db }: AppDeps) =>
  new Elysia({ prefix: "/api" }).get("/plans", () => listPlans(db), {
    response: { 200: PlanList },
    detail: { summary: "List the ICHRA plans an employer can choose", tags: ["Plans"] },
  });
