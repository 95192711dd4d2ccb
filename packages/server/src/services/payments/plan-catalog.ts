import { planIds, type BillingCycle } from '@repobundle/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { Plan } from '../../db/repositories/plans.repository.js';

/** Every seeded plan in pricing-page order (the ids are the contract's; figures come from data). */
export async function listPlans(repos: Repositories): Promise<Plan[]> {
  const plans = await Promise.all(planIds.map((id) => repos.plans.findById(id)));
  return plans.filter((plan): plan is Plan => plan !== undefined);
}

/** What a subscription of the plan costs per billing period; null for a custom price. */
export function priceCentsOf(plan: Plan, cycle: BillingCycle): number | null {
  return cycle === 'yearly' ? plan.priceYearlyCents : plan.priceMonthlyCents;
}

/** The monthly credits a subscription gives: yearly subscribers get the larger figure. */
export function monthlyCreditsOf(plan: Plan, cycle: BillingCycle | null): number {
  return cycle === 'yearly' ? plan.creditsPerMonthYearly : plan.creditsPerMonth;
}

/** Only plans with a real price are sold by checkout: not the free one, not a custom price. */
export function isPurchasable(plan: Plan): boolean {
  return (plan.priceMonthlyCents ?? 0) > 0 && (plan.priceYearlyCents ?? 0) > 0;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
