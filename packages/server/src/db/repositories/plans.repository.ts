import type { PlanId } from '@repobundle/contract';
import type { Executor } from './executor.js';

export interface Plan {
  id: PlanId;
  name: string;
  priceMonthlyCents: number | null;
  priceYearlyCents: number | null;
  creditsPerMonth: number;
  creditsPerMonthYearly: number;
  maxLinesPerJob: number;
  uploadLimitMb: number;
  allowedOutputFormats: string[];
  features: string[];
}

/**
 * Plans change only through migrations, which run before a process serves anything, so a plan
 * once read is kept for the repository's life: most signed-in requests read the user's plan, and
 * this spares each of them a query.
 */
export function createPlansRepository(db: Executor) {
  const known = new Map<string, Plan>();
  return {
    async findById(id: string): Promise<Plan | undefined> {
      const cached = known.get(id);
      if (cached) return cached;
      const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const plan: Plan = {
        id: row.id as PlanId,
        name: row.name,
        priceMonthlyCents: row.price_monthly_cents,
        priceYearlyCents: row.price_yearly_cents,
        creditsPerMonth: row.credits_per_month,
        creditsPerMonthYearly: row.credits_per_month_yearly,
        maxLinesPerJob: row.max_lines_per_job,
        uploadLimitMb: row.upload_limit_mb,
        allowedOutputFormats: row.allowed_output_formats,
        features: row.features,
      };
      known.set(id, plan);
      return plan;
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
