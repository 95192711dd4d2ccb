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

export function createPlansRepository(db: Executor) {
  return {
    async findById(id: string): Promise<Plan | undefined> {
      const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
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
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
