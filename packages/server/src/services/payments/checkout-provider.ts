import type { BillingCycle, CheckoutKind, PlanId } from '@repobundle/contract';
import type { UserRow } from '../../db/repositories/users.repository.js';
import type { ServiceContext } from '../context.js';
import { createLocalCheckoutProvider } from './local-checkout-provider.js';
import { createStripeCheckoutProvider } from './stripe-checkout-provider.js';

/** What is being bought, priced and described by the server, never by the client. */
export interface CheckoutOrder {
  kind: CheckoutKind;
  description: string;
  amountCents: number;
  /** Pack: the credits bought. Subscription: the monthly credits of its plan and cycle. */
  credits: number;
  planId: PlanId | null;
  billingCycle: BillingCycle | null;
}

/** Who pays: the signed-in user's row, already read by the route (no second read here). */
export type Buyer = Pick<UserRow, 'id' | 'email'>;

export interface StartedCheckout {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface StartedPaymentIntent extends StartedCheckout {
  clientSecret: string;
}

/**
 * The payments adapter. `local` keeps sessions in our database and lets the app's
 * own checkout page complete them; `stripe` creates Stripe Checkout Sessions (or PaymentIntents)
 * and completes ours from Stripe's signed webhooks, through the same fulfilment (fulfil-order.ts).
 */
export interface CheckoutProvider {
  readonly mode: 'local' | 'stripe';
  startCheckout(buyer: Buyer, order: CheckoutOrder): Promise<StartedCheckout>;
  startPaymentIntent(buyer: Buyer, order: CheckoutOrder): Promise<StartedPaymentIntent>;
}

/** STRIPE_SECRET_KEY chooses real payments; unset, the local test mode. */
export function createCheckoutProvider(ctx: ServiceContext): CheckoutProvider {
  return ctx.config.stripe.secretKey
    ? createStripeCheckoutProvider(ctx)
    : createLocalCheckoutProvider(ctx);
}
