import type { AdminCreditsRequest, AdminPlanRequest } from '@repobundle/contract';
import { InsufficientCreditsError } from '../db/repositories/credits.repository.js';
import { inTransaction } from '../db/repositories/index.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { AppError, notFound } from '../errors.js';
import { addMonths } from './account-creation.js';
import type { ServiceContext } from './context.js';

export interface AdminUserView {
  user: UserRow;
  monthly: number;
  purchased: number;
  isApproved: boolean;
}

async function view(ctx: ServiceContext, user: UserRow): Promise<AdminUserView> {
  const [balances, approved] = await Promise.all([
    ctx.repos.credits.balances(user.id),
    ctx.repos.waitlist.isApproved(user.email),
  ]);
  return { user, monthly: balances.monthly, purchased: balances.purchased, isApproved: approved };
}

async function requireUser(ctx: ServiceContext, email: string): Promise<UserRow> {
  const user = await ctx.repos.users.findByEmail(email);
  if (!user) throw notFound(`No user with the email ${email}.`);
  return user;
}

export async function listUsers(ctx: ServiceContext, limit: number, offset: number) {
  const [users, total] = await Promise.all([
    ctx.repos.users.list(limit, offset),
    ctx.repos.users.count(),
  ]);
  const approved = await ctx.repos.waitlist.approvedAmong(users.map((u) => u.email));
  const views = await Promise.all(
    users.map(async (user) => {
      const balances = await ctx.repos.credits.balances(user.id);
      return {
        user,
        monthly: balances.monthly,
        purchased: balances.purchased,
        isApproved: approved.has(user.email),
      };
    }),
  );
  return { views, total };
}

/** Beta gate approval: works for an address that has no account yet. */
export async function approveEmail(ctx: ServiceContext, email: string): Promise<void> {
  await ctx.repos.waitlist.approve(email, ctx.now());
}

/** Moves a user to a plan and sets their monthly credits to the plan's allowance. */
export async function setPlan(
  ctx: ServiceContext,
  email: string,
  request: AdminPlanRequest,
): Promise<AdminUserView> {
  const user = await requireUser(ctx, email);
  const now = ctx.now();
  const updated = await inTransaction(ctx.db, async (repos) => {
    const plan = await repos.plans.findById(request.plan);
    if (!plan) throw notFound(`No plan ${request.plan}.`);
    const isFree = plan.id === 'free';
    const cycle = request.billing_cycle;
    const next = await repos.users.update(user.id, {
      plan_id: plan.id,
      billing_cycle: isFree ? null : cycle,
      next_billing_date: isFree ? null : addMonths(now, cycle === 'yearly' ? 12 : 1),
      monthly_credits_reset_date: addMonths(now, 1),
    });
    const allowance = cycle === 'yearly' ? plan.creditsPerMonthYearly : plan.creditsPerMonth;
    const { monthly } = await repos.credits.balances(user.id);
    if (allowance !== monthly) {
      await repos.credits.applyChange({
        userId: user.id,
        creditType: 'monthly',
        type: 'monthly_reset',
        amount: allowance - monthly,
        description: `Plan set to ${plan.name}${isFree ? '' : ` (${cycle})`} by an operator`,
      });
    }
    return next;
  });
  return view(ctx, updated);
}

/** Adds (or with a negative amount removes) credits, writing the ledger like any change. */
export async function grantCredits(
  ctx: ServiceContext,
  email: string,
  request: AdminCreditsRequest,
): Promise<AdminUserView> {
  const user = await requireUser(ctx, email);
  const isGrant = request.amount > 0;
  try {
    await inTransaction(ctx.db, (repos) =>
      repos.credits.applyChange({
        userId: user.id,
        creditType: request.credit_type,
        type: isGrant
          ? request.credit_type === 'purchased'
            ? 'purchase'
            : 'subscription_bonus'
          : 'usage',
        amount: request.amount,
        description: isGrant ? 'Credits granted by an operator' : 'Credits removed by an operator',
      }),
    );
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw new AppError(
        402,
        'INSUFFICIENT_CREDITS',
        `Only ${error.available} ${request.credit_type} credits are available to remove.`,
      );
    }
    throw error;
  }
  return view(ctx, user);
}
