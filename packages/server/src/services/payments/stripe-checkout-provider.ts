import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CheckoutSessionRow } from '../../db/repositories/checkout-sessions.repository.js';
import type { ServiceContext } from '../context.js';
import type {
  Buyer,
  CheckoutOrder,
  CheckoutProvider,
  StartedCheckout,
  StartedPaymentIntent,
} from './checkout-provider.js';
import { createStripeApi, type StripeParams } from '../../adapters/stripe/stripe-api.js';

export const STRIPE_PROVIDER = 'stripe';

/** Not Stripe's `cs_`/`pi_` shape: logs and the database tell our ids from Stripe's apart. */
function newCheckoutId(): string {
  return `chk_${randomBytes(16).toString('hex')}`;
}

const checkoutSessionSchema = z.object({ id: z.string().min(1), url: z.url() });
const paymentIntentSchema = z.object({ id: z.string().min(1), client_secret: z.string().min(1) });

/**
 * Stripe mode: our session row is written first (so the webhook always finds what
 * was sold, at our price), then Stripe is asked for a Checkout Session or PaymentIntent naming
 * it in `metadata[checkout_id]`. Payment completes only through the signed webhook.
 */
export function createStripeCheckoutProvider(ctx: ServiceContext): CheckoutProvider {
  const { secretKey, apiUrl } = ctx.config.stripe;
  if (!secretKey) throw new Error('Stripe checkout needs STRIPE_SECRET_KEY');
  const stripe = createStripeApi({ apiUrl, secretKey, logger: ctx.logger });
  const { appUrl } = ctx.config;

  function insertSession(buyer: Buyer, order: CheckoutOrder): Promise<CheckoutSessionRow> {
    return ctx.repos.checkoutSessions.insert({
      id: newCheckoutId(),
      userId: buyer.id,
      provider: STRIPE_PROVIDER,
      ...order,
    });
  }

  /** Asks Stripe; a refused or failed request leaves no pending row that nobody can pay. */
  async function askStripe<T extends { id: string }>(
    session: CheckoutSessionRow,
    request: () => Promise<T>,
  ): Promise<T> {
    let created: T;
    try {
      created = await request();
    } catch (error) {
      await ctx.repos.checkoutSessions.setStatus(session.id, 'cancelled', ctx.now());
      throw error;
    }
    await ctx.repos.checkoutSessions.setProviderSessionId(session.id, created.id);
    return created;
  }

  async function startCheckout(buyer: Buyer, order: CheckoutOrder): Promise<StartedCheckout> {
    const session = await insertSession(buyer, order);
    // mode=payment for plans too: plans are data here, so a plan purchase is a one-off payment
    // of its period's price, like a pack, rather than a Stripe Price and Subscription.
    const params: StripeParams = {
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: order.amountCents,
            product_data: { name: order.description },
          },
          quantity: 1,
        },
      ],
      // Stripe replaces the literal {CHECKOUT_SESSION_ID} with its session id on redirect.
      success_url: `${appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/cancel`,
      client_reference_id: session.id,
      metadata: { checkout_id: session.id },
      customer_email: buyer.email,
    };
    const created = await askStripe(session, () =>
      stripe.post('checkout/sessions', params, checkoutSessionSchema, session.id),
    );
    return { sessionId: session.id, url: created.url };
  }

  /**
   * A real PaymentIntent: the client confirms it with Stripe.js and this client secret. `url`
   * is the page to come back to (Stripe.js's return_url), since Stripe hosts no page for it.
   */
  async function startPaymentIntent(
    buyer: Buyer,
    order: CheckoutOrder,
  ): Promise<StartedPaymentIntent> {
    const session = await insertSession(buyer, order);
    const params: StripeParams = {
      amount: order.amountCents,
      currency: 'usd',
      description: order.description,
      receipt_email: buyer.email,
      metadata: { checkout_id: session.id },
      automatic_payment_methods: { enabled: true },
    };
    const created = await askStripe(session, () =>
      stripe.post('payment_intents', params, paymentIntentSchema, session.id),
    );
    return {
      sessionId: session.id,
      url: `${appUrl}/success?session_id=${encodeURIComponent(session.id)}`,
      clientSecret: created.client_secret,
    };
  }

  return { mode: 'stripe', startCheckout, startPaymentIntent };
}
