import type { Repositories } from '../db/repositories/index.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { forbidden } from '../errors.js';
import type { ServiceContext } from './context.js';

/** The beta gate: when on, only e-mails approved by the operator may sign up. */
export async function assertMayJoin(ctx: ServiceContext, email: string): Promise<void> {
  if (!ctx.config.betaGate) return;
  if (await ctx.repos.waitlist.isApproved(email)) return;
  // The spec's client reads detail === 'WAITLIST_REQUIRED'.
  throw forbidden('WAITLIST_REQUIRED', 'WAITLIST_REQUIRED');
}

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Creates a user on the free plan with its balances and first monthly credits, in one go. */
export async function createAccount(
  ctx: ServiceContext,
  repos: Repositories,
  fields: {
    email: string;
    passwordHash: string | null;
    googleSub: string | null;
    isVerified: boolean;
  },
): Promise<UserRow> {
  const now = ctx.now();
  const user = await repos.users.insert({ ...fields, monthlyCreditsResetDate: addMonths(now, 1) });
  await repos.credits.createBalances(user.id);
  const plan = await repos.plans.findById(user.plan_id);
  if (plan && plan.creditsPerMonth > 0) {
    await repos.credits.applyChange({
      userId: user.id,
      creditType: 'monthly',
      type: 'monthly_reset',
      amount: plan.creditsPerMonth,
      description: `${plan.name} plan: monthly credits`,
    });
  }
  return user;
}
