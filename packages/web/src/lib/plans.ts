import type { CreditPack, Plan } from '@repobundle/contract';

// Built-in plan data, used when GET /payments/plans fails.
export const FALLBACK_PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free Forever',
    price_usd: 0,
    price_cents: 0,
    price_usd_yearly: null,
    price_cents_yearly: null,
    credits_per_month: 100,
    credits_per_month_yearly: 100,
    max_lines_per_job: 100_000,
    upload_limit_mb: 10,
    allowed_output_formats: ['md', 'txt'],
    features: [
      '100 credits every month',
      '100k lines per job',
      '10MB uploads',
      'Markdown and text output',
      'ZIP upload',
    ],
  },
  {
    id: 'starter',
    name: 'Starter',
    price_usd: 9.99,
    price_cents: 999,
    price_usd_yearly: 99,
    price_cents_yearly: 9_900,
    credits_per_month: 1_000,
    credits_per_month_yearly: 1_200,
    max_lines_per_job: 750_000,
    upload_limit_mb: 50,
    allowed_output_formats: ['md', 'json', 'txt', 'xml'],
    features: [
      '1,000 credits every month',
      '750k lines per job',
      '50MB uploads',
      'md, json, txt and xml output',
      'GitHub repository import',
      'Packing to a token budget',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    price_usd: 29.99,
    price_cents: 2_999,
    price_usd_yearly: 299,
    price_cents_yearly: 29_900,
    credits_per_month: 5_000,
    credits_per_month_yearly: 6_000,
    max_lines_per_job: 2_000_000,
    upload_limit_mb: 200,
    allowed_output_formats: ['md', 'json', 'txt', 'xml', 'csv', 'yaml', 'custom'],
    features: [
      '5,000 credits every month',
      '2M lines per job',
      '200MB uploads',
      'Every output format, custom templates',
      'Private repositories',
      'Packing to a token budget',
      'Priority processing',
    ],
  },
];

export interface YearlyTerms {
  price: number;
  credits: number;
  saving: number;
}

/**
 * A plan's yearly price, monthly credits on the yearly cycle, and the saving against twelve
 * monthly payments; none for a plan without a yearly price (Free, custom-priced Enterprise).
 */
export function yearlyTerms(plan: Plan): YearlyTerms | undefined {
  const price = plan.price_usd_yearly;
  if (price === null || plan.price_usd === null) return undefined;
  const saving = Math.round((plan.price_usd * 12 - price) * 100) / 100;
  return { price, credits: plan.credits_per_month_yearly, saving };
}

export const FALLBACK_PACKS: CreditPack[] = [
  { tokens: 500, price: 10 },
  { tokens: 1_000, price: 18 },
  { tokens: 2_500, price: 40 },
];

export const ROLE_LABELS: Record<string, string> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

const PLAN_RANK: Record<string, number> = { free: 0, starter: 1, pro: 2, enterprise: 3 };

/** True when moving from the current plan to the chosen one lowers the plan. */
export function isDowngrade(current: string, chosen: string): boolean {
  const from = PLAN_RANK[current];
  const to = PLAN_RANK[chosen];
  return from !== undefined && to !== undefined && to < from;
}

/** What a downgrade takes away, said before checkout. */
export function downgradeWarning(current: string, plan: Plan): string {
  const from = ROLE_LABELS[current] ?? current;
  return (
    `You are on ${from}. Choosing ${plan.name} is a downgrade: ` +
    `${plan.credits_per_month.toLocaleString('en-US')} credits a month, ` +
    `${plan.max_lines_per_job.toLocaleString('en-US')} lines per job, ${plan.upload_limit_mb} MB uploads ` +
    `and only ${plan.allowed_output_formats.join(', ')} output. Continue to checkout?`
  );
}
