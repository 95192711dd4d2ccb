import {
  creditPacks,
  type BillingCycle,
  type CheckoutSession,
  type CreditPack,
  type OutputFormat,
  type Plan,
  type SubscriptionResponse,
} from '@repobundle/contract';
import type { CheckoutSessionRow } from '../../../db/repositories/checkout-sessions.repository.js';
import type { Plan as PlanRow } from '../../../db/repositories/plans.repository.js';
import type { UserProfile } from '../../../services/profile.service.js';
import { monthlyCreditsOf, priceCentsOf } from '../../../services/payments/plan-catalog.js';

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentPlan(plan: PlanRow): Plan {
  return {
    id: plan.id,
    name: plan.name,
    price_usd: dollars(plan.priceMonthlyCents),
    price_cents: plan.priceMonthlyCents,
    price_usd_yearly: dollars(plan.priceYearlyCents),
    price_cents_yearly: plan.priceYearlyCents,
    credits_per_month: plan.creditsPerMonth,
    credits_per_month_yearly: plan.creditsPerMonthYearly,
    max_lines_per_job: plan.maxLinesPerJob,
    upload_limit_mb: plan.uploadLimitMb,
    allowed_output_formats: plan.allowedOutputFormats as OutputFormat[],
    features: plan.features,
  };
}

export function presentCreditPacks(): CreditPack[] {
  return creditPacks.map((pack) => ({ tokens: pack.credits, price: pack.priceCents / 100 }));
}

export function presentSubscription({ user, plan, balances }: UserProfile): SubscriptionResponse {
  const cycle = user.billing_cycle as BillingCycle | null;
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    billing_cycle: cycle,
    status: 'active',
    price_usd: dollars(priceCentsOf(plan, cycle ?? 'monthly')),
    current_period_end: iso(user.next_billing_date),
    next_billing_date: iso(user.next_billing_date),
    monthly_credits_reset_date: iso(user.monthly_credits_reset_date),
    credits_per_month: monthlyCreditsOf(plan, cycle),
    monthly_credits: balances.monthly,
    purchased_credits: balances.purchased,
    credits_available: balances.monthly + balances.purchased,
    credits_reserved: balances.reserved,
  };
}

export function presentCheckoutSession(session: CheckoutSessionRow): CheckoutSession {
  return {
    id: session.id,
    kind: session.kind,
    description: session.description,
    amount_cents: session.amount_cents,
    currency: 'usd',
    status: session.status,
    ...(session.plan_id ? { plan_id: session.plan_id } : {}),
    ...(session.billing_cycle ? { billing_cycle: session.billing_cycle } : {}),
    credits: session.credits,
    created_at: session.created_at.toISOString(),
  };
}
