import { inTransaction, type Repositories } from '../../db/repositories/index.js';
import type { CheckoutSessionRow } from '../../db/repositories/checkout-sessions.repository.js';
import type { UserRow } from '../../db/repositories/users.repository.js';
import { conflict, notFound } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import { fulfilOrder } from './fulfil-order.js';

// The in-app checkout page of local test mode: read, complete or cancel one's own session.

const missing = () => notFound('No checkout session with this id.');

export async function findCheckoutSession(
  ctx: ServiceContext,
  user: UserRow,
  id: string,
): Promise<CheckoutSessionRow> {
  const session = await ctx.repos.checkoutSessions.findForUser(id, user.id);
  if (!session) throw missing();
  return session;
}

/** The user's own session under its row lock, so one completion or cancel runs at a time. */
async function lockOwnSession(
  repos: Repositories,
  user: UserRow,
  id: string,
): Promise<CheckoutSessionRow> {
  const session = await repos.checkoutSessions.lockForUser(id, user.id);
  if (!session) throw missing();
  return session;
}

/**
 * Completes a pending session and fulfils it, in one transaction under the session's row lock.
 * Completing again answers the completed session without granting anything twice (a double
 * click or a retried request must not fail the payment the user already made).
 */
export function completeCheckoutSession(
  ctx: ServiceContext,
  user: UserRow,
  id: string,
): Promise<CheckoutSessionRow> {
  return inTransaction(ctx.db, async (repos) => {
    const session = await lockOwnSession(repos, user, id);
    if (session.status === 'completed') return session;
    if (session.status === 'cancelled') {
      throw conflict(
        'CHECKOUT_CLOSED',
        'This checkout was cancelled and cannot be paid. Please start a new checkout.',
      );
    }
    const now = ctx.now();
    await fulfilOrder(repos, session, now);
    return repos.checkoutSessions.setStatus(session.id, 'completed', now);
  });
}

/** Cancelling twice is harmless; a paid session cannot be taken back here. */
export function cancelCheckoutSession(
  ctx: ServiceContext,
  user: UserRow,
  id: string,
): Promise<CheckoutSessionRow> {
  return inTransaction(ctx.db, async (repos) => {
    const session = await lockOwnSession(repos, user, id);
    if (session.status === 'cancelled') return session;
    if (session.status === 'completed') {
      throw conflict('CHECKOUT_CLOSED', 'This checkout is already paid and cannot be cancelled.');
    }
    return repos.checkoutSessions.setStatus(session.id, 'cancelled', ctx.now());
  });
}
