import { planCatalogue } from "@db/data/plans";
import { ichraPlans } from "@db/schema";
import { asc, count, eq, inArray } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { toCents, toDollars } from "../../lib/money";
import type { Plan, PlanLimitsRead } from "./model";

/** A plan's stated limits, from the catalogue beside it (a plan no longer listed there has none). */
export function limitsOf(name: string): PlanLimitsRead {
  return planCatalogue.find((p) => p.name === name)?.limits ?? { maxClasses: null, multiStateClasses: true };
}

/** Whether the plan named so comes with indemnity benefits (a plan no longer in the catalogue is not said to). */
export const includesIndemnity = (name: string | undefined): boolean => planCatalogue.find((p) => p.name === name)?.indemnity ?? false;

export async function listPlans(db: DB): Promise<Plan[]> {
  const rows = await db.select().from(ichraPlans).orderBy(asc(ichraPlans.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    monthlyAmount: toDollars(row.monthlyAmountCents),
    annualAmount: toDollars(row.annualAmountCents),
    features: row.features,
    isPopular: row.isPopular,
    limits: limitsOf(row.name),
  }));
}

/** Seeds the catalogue when the table is empty; answers how many plans it added. */
export async function seedPlansIfEmpty(db: DB): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(ichraPlans);
  if (n > 0) return 0;
  await db.insert(ichraPlans).values(
    planCatalogue.map((plan) => ({
      name: plan.name,
      description: plan.description,
      monthlyAmountCents: toCents(plan.monthlyAmount),
      annualAmountCents: toCents(plan.monthlyAmount * 12),
      features: plan.features,
      isPopular: plan.isPopular,
    })),
  );
  return planCatalogue.length;
}

export type PlanRow = typeof ichraPlans.$inferSelect;

/** The plans with these ids (the enrollments that chose them read them here). */
export async function plansByIds(db: DB, ids: number[]): Promise<PlanRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ichraPlans)
    .where(inArray(ichraPlans.id, [...new Set(ids)]));
}

/** One plan, inside a transaction (whose callbacks are synchronous on bun:sqlite). */
export function planIn(tx: Tx, id: number): PlanRow | undefined {
  return tx.select().from(ichraPlans).where(eq(ichraPlans.id, id)).get();
}
