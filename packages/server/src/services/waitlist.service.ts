import type { WaitlistJoinResponse } from '@repobundle/contract';
import { waitlistJoinedMail } from '../adapters/mail/templates.js';
import { deliver, type ServiceContext } from './context.js';

/** Idempotent: joining twice answers the same and sends the confirmation once. */
export async function joinWaitlist(
  ctx: ServiceContext,
  email: string,
): Promise<{ isNew: boolean; body: WaitlistJoinResponse }> {
  const isNew = await ctx.repos.waitlist.add(email);
  if (isNew) await deliver(ctx, { to: email, ...waitlistJoinedMail() });
  return { isNew, body: { message: "You're on the waitlist!", email } };
}

export async function countWaitlist(ctx: ServiceContext): Promise<number> {
  return ctx.repos.waitlist.count();
}
