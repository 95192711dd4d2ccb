import type { BillingCycle, CheckoutKind, PlanId } from '@repobundle/contract';
import { AppError } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import { createLocalCheckoutProvider } from './local-checkout-provider.js';

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

export interface StartedCheckout {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface StartedPaymentIntent extends StartedCheckout {
  clientSecret: string;
}

/**
 * The payments adapter (DESIGN 1.2). `local` keeps sessions in our database and lets the app's
 * own checkout page complete them; a Stripe adapter will create Stripe Checkout sessions and
 * complete ours from its signed webhooks, through the same fulfilment (fulfil-order.ts).
 */
export interface CheckoutProvider {
  readonly mode: 'local' | 'stripe';
  startCheckout(userId: string, order: CheckoutOrder): Promise<StartedCheckout>;
  startPaymentIntent(userId: string, order: CheckoutOrder): Promise<StartedPaymentIntent>;
}

function paymentsUnavailable(): AppError {
  return new AppError(
    503,
    'PAYMENTS_UNAVAILABLE',
    'Online payments are not available on this server yet. Please try again later or contact support.',
  );
}

/**
 * With STRIPE_SECRET_KEY set the operator asked for real payments, which this version cannot
 * take yet: refusing is safer than silently falling back to the free test checkout.
 */
function createUnavailableProvider(): CheckoutProvider {
  return {
    mode: 'stripe',
    startCheckout: () => Promise.reject(paymentsUnavailable()),
    startPaymentIntent: () => Promise.reject(paymentsUnavailable()),
  };
}

export function createCheckoutProvider(ctx: ServiceContext): CheckoutProvider {
  if (!ctx.config.stripe.secretKey) return createLocalCheckoutProvider(ctx);
  ctx.logger.warn(
    'STRIPE_SECRET_KEY is set but Stripe checkout is not implemented yet: checkouts answer 503',
  );
  return createUnavailableProvider();
}
