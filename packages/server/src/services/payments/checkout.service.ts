import {
  billingCycles,
  findCreditPack,
  findCreditPackByPrice,
  type BillingCycle,
  type CreditPackDefinition,
} from '@repobundle/contract';
import type { UserRow } from '../../db/repositories/users.repository.js';
import { badRequest, conflict } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import type { CheckoutOrder, CheckoutProvider } from './checkout-provider.js';
import {
  formatCount,
  isPurchasable,
  listPlans,
  monthlyCreditsOf,
  priceCentsOf,
} from './plan-catalog.js';

async function purchasablePlanTypes(ctx: ServiceContext): Promise<string> {
  const plans = (await listPlans(ctx.repos)).filter(isPurchasable);
  return plans.flatMap((plan) => billingCycles.map((cycle) => `${plan.id}_${cycle}`)).join(', ');
}

/** Turns `<plan id>_<cycle>` into a priced order, refusing what checkout does not sell. */
async function subscriptionOrder(
  ctx: ServiceContext,
  user: UserRow,
  planType: string,
): Promise<CheckoutOrder> {
  const separator = planType.lastIndexOf('_');
  const planId = planType.slice(0, separator);
  const cycle = planType.slice(separator + 1) as BillingCycle;
  const plan = await ctx.repos.plans.findById(planId);
  if (!plan) {
    throw badRequest(
      'VALIDATION_ERROR',
      `Unknown plan "${planId}". plan_type must be one of: ${await purchasablePlanTypes(ctx)}.`,
    );
  }
  const price = priceCentsOf(plan, cycle);
  if (price === 0) {
    throw badRequest('VALIDATION_ERROR', `The ${plan.name} plan is free: it needs no checkout.`);
  }
  if (price === null || !isPurchasable(plan)) {
    throw badRequest(
      'VALIDATION_ERROR',
      `The ${plan.name} plan has a custom price: please contact us to subscribe.`,
    );
  }
  if (user.plan_id === plan.id && user.billing_cycle === cycle) {
    throw conflict(
      'ALREADY_SUBSCRIBED',
      `You are already subscribed to the ${plan.name} plan, billed ${cycle}.`,
    );
  }
  const credits = monthlyCreditsOf(plan, cycle);
  return {
    kind: 'subscription',
    description: `${plan.name} plan, billed ${cycle} (${formatCount(credits)} credits per month)`,
    amountCents: price,
    credits,
    planId: plan.id,
    billingCycle: cycle,
  };
}

function packOrder(pack: CreditPackDefinition): CheckoutOrder {
  return {
    kind: 'pack',
    description: `Credit pack: ${formatCount(pack.credits)} credits`,
    amountCents: pack.priceCents,
    credits: pack.credits,
    planId: null,
    billingCycle: null,
  };
}

/** The contract's schemas already refused other figures; this keeps the service honest alone. */
function requirePack(pack: CreditPackDefinition | undefined, field: string): CreditPackDefinition {
  if (!pack) throw badRequest('VALIDATION_ERROR', `${field} does not match a credit pack.`);
  return pack;
}

export async function startSubscriptionCheckout(
  ctx: ServiceContext,
  provider: CheckoutProvider,
  user: UserRow,
  planType: string,
): Promise<{ url: string }> {
  const order = await subscriptionOrder(ctx, user, planType);
  const { url } = await provider.startCheckout(user, order);
  return { url };
}

export async function startPackCheckout(
  provider: CheckoutProvider,
  user: UserRow,
  credits: number,
): Promise<{ url: string }> {
  const pack = requirePack(findCreditPack(credits), 'token_amount');
  const { url } = await provider.startCheckout(user, packOrder(pack));
  return { url };
}

/** The spec's create-payment-intent: `amountCents` is a pack's price (see the contract). */
export async function startPackPaymentIntent(
  provider: CheckoutProvider,
  user: UserRow,
  amountCents: number,
) {
  const pack = requirePack(findCreditPackByPrice(amountCents), 'amount');
  const started = await provider.startPaymentIntent(user, packOrder(pack));
  return { client_secret: started.clientSecret, amount: pack.priceCents, url: started.url };
}
