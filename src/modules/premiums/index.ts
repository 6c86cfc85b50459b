import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { StatePremiumTable } from "./model";
import { premiumTable } from "./service";

export const premiumsRoutes = ({ db }: AppDeps) =>
  new Elysia({ prefix: "/api" }).get("/state-premiums", () => premiumTable(db), {
    response: { 200: StatePremiumTable },
    detail: {
      summary: "Average annual premium per state and coverage level, with rank and per-paycheck amounts",
      tags: ["Employee registration"],
    },
  });
