import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context.js';
import type {
  Buyer,
  CheckoutOrder,
  CheckoutProvider,
  StartedCheckout,
} from './checkout-provider.js';

const LOCAL_PROVIDER = 'local';

/** Shaped like Stripe's test-mode ids, so logs and pages read the same in both modes. */
function newSessionId(): string {
  return `cs_test_${randomBytes(16).toString('hex')}`;
}

/**
 * Local test mode: a pending session in our database and the web app's own checkout page at
 * `${APP_URL}/checkout/<id>`, where the user completes or cancels it. No money moves.
 */
export function createLocalCheckoutProvider(ctx: ServiceContext): CheckoutProvider {
  async function startCheckout(buyer: Buyer, order: CheckoutOrder): Promise<StartedCheckout> {
    const session = await ctx.repos.checkoutSessions.insert({
      id: newSessionId(),
      userId: buyer.id,
      provider: LOCAL_PROVIDER,
      ...order,
    });
    return { sessionId: session.id, url: `${ctx.config.appUrl}/checkout/${session.id}` };
  }

  return {
    mode: 'local',
    startCheckout,
    async startPaymentIntent(buyer, order) {
      const started = await startCheckout(buyer, order);
      // Stripe's client secrets read `<intent id>_secret_<random>`; nothing checks ours, since
      // the local checkout page completes the session by id for its signed-in owner.
      const clientSecret = `${started.sessionId}_secret_${randomBytes(12).toString('hex')}`;
      return { ...started, clientSecret };
    },
  };
}
