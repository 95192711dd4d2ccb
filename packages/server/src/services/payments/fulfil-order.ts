import type { Repositories } from '../../db/repositories/index.js';
import type { CheckoutSessionRow } from '../../db/repositories/checkout-sessions.repository.js';
import { addMonths } from '../account-creation.js';
import { formatCount, monthlyCreditsOf } from './plan-catalog.js';

/** Purchased credits never expire: the pack goes to the purchased balance in full. */
async function grantPack(repos: Repositories, session: CheckoutSessionRow): Promise<void> {
  await repos.credits.applyChange({
    userId: session.user_id,
    creditType: 'purchased',
    type: 'purchase',
    amount: session.credits,
    description: `Credit pack: ${formatCount(session.credits)} credits (${session.id})`,
  });
}

/**
 * A subscription starts a new billing period now: the plan and cycle move to the user, the
 * reset date moves a month on, and the monthly balance is topped up to the plan's allowance
 * (a `subscription_bonus` row records the difference). Monthly credits do not carry over
 *, so a balance already above the allowance is left as it is, never cut.
 */
async function applySubscription(
  repos: Repositories,
  session: CheckoutSessionRow,
  now: Date,
): Promise<void> {
  if (!session.plan_id || !session.billing_cycle) {
    throw new Error(`subscription checkout ${session.id} has no plan or billing cycle`);
  }
  const plan = await repos.plans.findById(session.plan_id);
  if (!plan) throw new Error(`checkout ${session.id} names unknown plan ${session.plan_id}`);
  const cycle = session.billing_cycle;
  await repos.users.lock(session.user_id);
  await repos.users.update(session.user_id, {
    plan_id: plan.id,
    billing_cycle: cycle,
    next_billing_date: addMonths(now, cycle === 'yearly' ? 12 : 1),
    monthly_credits_reset_date: addMonths(now, 1),
  });
  const allowance = monthlyCreditsOf(plan, cycle);
  const { monthly } = await repos.credits.lockBalances(session.user_id);
  if (allowance > monthly) {
    await repos.credits.applyChange({
      userId: session.user_id,
      creditType: 'monthly',
      type: 'subscription_bonus',
      amount: allowance - monthly,
      description: `${plan.name} plan (${cycle}): monthly credits topped up to ${formatCount(allowance)} (${session.id})`,
    });
  }
}

/**
 * Gives the user what a paid checkout bought. Runs inside the caller's transaction, after the
 * session row was locked and found pending, so each session is fulfilled exactly once. A card
 * processor's webhook will call this the same way.
 */
export async function fulfilOrder(
  repos: Repositories,
  session: CheckoutSessionRow,
  now: Date,
): Promise<void> {
  if (session.kind === 'pack') await grantPack(repos, session);
  else await applySubscription(repos, session, now);
}
