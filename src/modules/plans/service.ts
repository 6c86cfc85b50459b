import { planCatalogue } from "@db/data/plans";
import { ichraPlans } from "@db/schema";
import { asc, count } from "drizzle-orm";
import type { DB } from "../../db";
import { toCents, toDollars } from "../../lib/money";
import type { Plan } from "./model";

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
