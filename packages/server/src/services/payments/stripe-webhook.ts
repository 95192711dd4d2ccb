import { z } from 'zod';
import { inTransaction, type Repositories } from '../../db/repositories/index.js';
import type { CheckoutSessionRow } from '../../db/repositories/checkout-sessions.repository.js';
import { badRequest } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import { fulfilOrder } from './fulfil-order.js';
import { STRIPE_PROVIDER } from './stripe-checkout-provider.js';

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.output<typeof eventSchema>;

/** What we read of a Checkout Session or a PaymentIntent. */
const paymentObjectSchema = z.object({
  id: z.string(),
  object: z.string(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string().nullish(),
});
type PaymentObject = z.output<typeof paymentObjectSchema>;

type Action = 'fulfil' | 'cancel';

/** Every other event type is acknowledged and ignored. */
const ACTIONS: Readonly<Record<string, Action>> = {
  'checkout.session.completed': 'fulfil',
  // Bank debits and the like complete unpaid first and settle with one of these two later.
  'checkout.session.async_payment_succeeded': 'fulfil',
  'checkout.session.async_payment_failed': 'cancel',
  'checkout.session.expired': 'cancel',
  'payment_intent.succeeded': 'fulfil',
  'payment_intent.canceled': 'cancel',
};

export type WebhookOutcome =
  | 'ignored'
  | 'fulfilled'
  | 'already_completed'
  | 'cancelled'
  | 'already_closed'
  | 'unknown_session'
  | 'object_mismatch';

export function parseStripeEvent(rawBody: Buffer): StripeEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('INVALID_JSON', 'The webhook body is not valid JSON.');
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) {
    throw badRequest(
      'VALIDATION_ERROR',
      'The webhook body is not a Stripe event: it needs id, type and data.object.',
    );
  }
  return parsed.data;
}

/**
 * Fulfils once, under the session's row lock: a redelivered or concurrent event finds it
 * completed. A session we had closed is still fulfilled when Stripe says it was paid, since
 * the customer's money moved (a late answer to a checkout whose start we took for failed).
 */
async function fulfil(
  ctx: ServiceContext,
  repos: Repositories,
  session: CheckoutSessionRow,
): Promise<WebhookOutcome> {
  if (session.status === 'completed') return 'already_completed';
  if (session.status === 'cancelled') {
    ctx.logger.warn({ checkoutId: session.id }, 'Stripe reports a closed checkout paid');
  }
  const now = ctx.now();
  await fulfilOrder(repos, session, now);
  await repos.checkoutSessions.setStatus(session.id, 'completed', now);
  return 'fulfilled';
}

async function cancel(
  ctx: ServiceContext,
  repos: Repositories,
  session: CheckoutSessionRow,
): Promise<WebhookOutcome> {
  if (session.status !== 'pending') return 'already_closed';
  await repos.checkoutSessions.setStatus(session.id, 'cancelled', ctx.now());
  return 'cancelled';
}

/** Our id from the metadata we sent, else from Stripe's own id of the object. */
async function checkoutIdOf(ctx: ServiceContext, object: PaymentObject) {
  return (
    object.metadata?.checkout_id ??
    object.client_reference_id ??
    (await ctx.repos.checkoutSessions.findIdByProviderSessionId(STRIPE_PROVIDER, object.id))
  );
}

async function apply(ctx: ServiceContext, action: Action, object: PaymentObject) {
  const checkoutId = await checkoutIdOf(ctx, object);
  if (!checkoutId) return { outcome: 'unknown_session' as const, checkoutId };
  const outcome = await inTransaction(ctx.db, async (repos): Promise<WebhookOutcome> => {
    const session = await repos.checkoutSessions.lock(checkoutId);
    if (!session || session.provider !== STRIPE_PROVIDER) return 'unknown_session';
    // Metadata could be copied onto another object; Stripe's id of ours cannot.
    if (session.provider_session_id && session.provider_session_id !== object.id) {
      return 'object_mismatch';
    }
    return action === 'fulfil' ? fulfil(ctx, repos, session) : cancel(ctx, repos, session);
  });
  return { outcome, checkoutId };
}

/**
 * Applies a verified Stripe event to our checkout sessions. Unknown sessions are logged and
 * acknowledged all the same: Stripe retries a failed delivery for days, to no avail here.
 */
export async function handleStripeEvent(
  ctx: ServiceContext,
  event: StripeEvent,
): Promise<WebhookOutcome> {
  const action = ACTIONS[event.type];
  if (!action) return 'ignored';
  const parsed = paymentObjectSchema.safeParse(event.data.object);
  if (!parsed.success) {
    throw badRequest('VALIDATION_ERROR', `The ${event.type} event has no object with an id.`);
  }
  const object = parsed.data;
  const log = { eventId: event.id, type: event.type, stripeObjectId: object.id };
  if (event.type === 'checkout.session.completed' && object.payment_status !== 'paid') {
    ctx.logger.info(
      { ...log, paymentStatus: object.payment_status },
      'Stripe checkout not paid yet',
    );
    return 'ignored';
  }
  // Checkout makes its own PaymentIntents, without our metadata: their session events count.
  if (object.object === 'payment_intent' && !object.metadata?.checkout_id) return 'ignored';
  const { outcome, checkoutId } = await apply(ctx, action, object);
  if (outcome === 'unknown_session' || outcome === 'object_mismatch') {
    ctx.logger.warn({ ...log, checkoutId, outcome }, 'Stripe event for no checkout of ours');
  } else {
    ctx.logger.info({ ...log, checkoutId, outcome }, 'Stripe event applied');
  }
  return outcome;
}
