// The yearly figures for the browser's calculators, and the affordability check over them.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { answers } from "../../http/answers";
import { badRequest } from "../../http/errors";
import { toDollars } from "../../lib/money";
import { affordability } from "../compliance/affordability";
import { parseAffordabilityInput } from "../compliance/affordability-input";
import { percentLabel } from "../compliance/figures";
import { AffordabilityCheckInput } from "../compliance/model";
import { MissingFigureError } from "../compliance/rules";
import { AffordabilityAnswer, FiguresAnswer } from "./model";
import { listFigures } from "./service";

const tags = ["Compliance"];

export const figuresRoutes = ({ db }: AppDeps) =>
  new Elysia({ prefix: "/api" })
    .get("/figures", async () => ({ figures: await listFigures(db) }), {
      response: { 200: FiguresAnswer },
      detail: {
        summary:
          "The yearly figures (required contribution %, Social Security wage base, poverty line, §4980H penalties) with their sources",
        tags,
      },
    })
    .post(
      "/affordability",
      async ({ body }) => {
        const figures = await listFigures(db);
        const parsed = parseAffordabilityInput(body, figures);
        if (!parsed.ok) throw badRequest(Object.values(parsed.errors)[0], parsed.errors);
        try {
          const r = affordability(parsed.input, figures);
          return {
            affordable: r.affordable,
            thresholdMonthly: toDollars(r.thresholdMonthlyCents),
            employeeCostMonthly: toDollars(r.employeeCostMonthlyCents),
            shortfallMonthly: toDollars(r.shortfallMonthlyCents),
            percent: percentLabel(r.percentBp),
            percentYear: r.percentYear,
            percentSource: r.percentSource,
            incomeBasis: r.incomeBasis,
            location: r.location,
            notes: r.notes,
          };
        } catch (error) {
          if (error instanceof MissingFigureError) throw badRequest(error.message, { planYear: error.message });
          throw error;
        }
      },
      {
        body: AffordabilityCheckInput,
        response: answers({ 200: AffordabilityAnswer }, 400),
        detail: {
          summary:
            "Whether an offer is affordable under an IRS safe harbor, with the plan year's percentage (or the latest published, said so)",
          tags,
        },
      },
    );
