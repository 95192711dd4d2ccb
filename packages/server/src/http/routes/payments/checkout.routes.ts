import {
  checkoutSessionParamsSchema,
  packCheckoutRequestSchema,
  paymentIntentRequestSchema,
  subscriptionCheckoutRequestSchema,
  type CheckoutOutcome,
} from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { createCheckoutProvider } from '../../../services/payments/checkout-provider.js';
import {
  startPackCheckout,
  startPackPaymentIntent,
  startSubscriptionCheckout,
} from '../../../services/payments/checkout.service.js';
import {
  cancelCheckoutSession,
  completeCheckoutSession,
  findCheckoutSession,
} from '../../../services/payments/checkout-sessions.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import { bodyOf, type RouteOptions } from '../route-context.js';
import { presentCheckoutSession } from './payments.presenter.js';

type SessionParams = z.output<typeof checkoutSessionParamsSchema>;

/** Starting a payment, and in local test mode the in-app checkout page's own calls. */
export async function checkoutRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  // onRequest rather than preHandler: a visitor gets 401 before any complaint about the body.
  const onRequest = createAuthenticate(ctx);
  const provider = createCheckoutProvider(ctx);

  app.post(
    '/payments/subscription/checkout',
    { onRequest, schema: { body: subscriptionCheckoutRequestSchema } },
    async (req) => {
      const { plan_type } = bodyOf(subscriptionCheckoutRequestSchema, req);
      return startSubscriptionCheckout(ctx, provider, currentUser(req), plan_type);
    },
  );

  const packCheckout = { onRequest, schema: { body: packCheckoutRequestSchema } };
  for (const path of ['/payments/token-pack/checkout', '/payments/checkout']) {
    app.post(path, packCheckout, async (req) => {
      const { token_amount } = bodyOf(packCheckoutRequestSchema, req);
      return startPackCheckout(provider, currentUser(req), token_amount);
    });
  }

  app.post(
    '/payments/create-payment-intent',
    { onRequest, schema: { body: paymentIntentRequestSchema } },
    async (req) => {
      const { amount } = bodyOf(paymentIntentRequestSchema, req);
      return startPackPaymentIntent(provider, currentUser(req), amount);
    },
  );

  // Only the local test mode completes payments in the app; a card processor does it elsewhere.
  if (provider.mode !== 'local') return;
  const sessionRoute = { onRequest, schema: { params: checkoutSessionParamsSchema } };
  const { appUrl } = ctx.config;

  app.get('/payments/checkout-sessions/:id', sessionRoute, async (req) => {
    const { id } = req.params as SessionParams;
    return presentCheckoutSession(await findCheckoutSession(ctx, currentUser(req), id));
  });

  app.post(
    '/payments/checkout-sessions/:id/complete',
    sessionRoute,
    async (req): Promise<CheckoutOutcome> => {
      const { id } = req.params as SessionParams;
      const session = await completeCheckoutSession(ctx, currentUser(req), id);
      return {
        status: 'completed',
        redirect_url: `${appUrl}/success?session_id=${encodeURIComponent(session.id)}`,
      };
    },
  );

  app.post(
    '/payments/checkout-sessions/:id/cancel',
    sessionRoute,
    async (req): Promise<CheckoutOutcome> => {
      const { id } = req.params as SessionParams;
      await cancelCheckoutSession(ctx, currentUser(req), id);
      return { status: 'cancelled', redirect_url: `${appUrl}/cancel` };
    },
  );
}
