import { inTransaction } from '../db/repositories/index.js';
import { addMonths } from './account-creation.js';
import type { ServiceContext } from './context.js';

/**
 * Monthly credits reset on the user's reset date: the monthly balance becomes the
 * plan's allowance (a `monthly_reset` row records the difference) and the date moves on by whole
 * months. Unused monthly credits do not carry over; purchased credits are never touched.
 */
export async function resetDueMonthlyCredits(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  let resets = 0;
  for (const due of await ctx.repos.users.dueForMonthlyReset(now)) {
    const done = await inTransaction(ctx.db, async (repos) => {
      const user = await repos.users.lock(due.id);
      if (!user?.monthly_credits_reset_date || user.monthly_credits_reset_date > now) return false;
      const plan = await repos.plans.findById(user.plan_id);
      if (!plan) return false;
      const allowance =
        user.billing_cycle === 'yearly' ? plan.creditsPerMonthYearly : plan.creditsPerMonth;
      const { monthly } = await repos.credits.lockBalances(user.id);
      if (allowance !== monthly) {
        await repos.credits.applyChange({
          userId: user.id,
          creditType: 'monthly',
          type: 'monthly_reset',
          amount: allowance - monthly,
          description: `${plan.name} plan: monthly credits reset to ${allowance}`,
        });
      }
      let next = user.monthly_credits_reset_date;
      while (next <= now) next = addMonths(next, 1);
      await repos.users.update(user.id, { monthly_credits_reset_date: next });
      return true;
    });
    if (done) resets++;
  }
  return resets;
}
