import type { FastifyInstance } from 'fastify';
import { verifyStripeSignature } from '../../../services/payments/stripe-signature.js';
import { handleStripeEvent, parseStripeEvent } from '../../../services/payments/stripe-webhook.js';
import type { RouteOptions } from '../route-context.js';

/**
 * POST /payments/webhook: Stripe's signed events (no sign-in; the signature is the proof).
 * Registered only in Stripe mode; in local test mode the path answers 404.
 */
export async function webhookRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { secretKey, webhookSecret } = ctx.config.stripe;
  if (!secretKey || !webhookSecret) return;

  // The signature covers the exact bytes Stripe sent, so the body stays a Buffer. This plugin
  // is its own encapsulation context: every other route keeps the JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/payments/webhook', async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    verifyStripeSignature(request.headers['stripe-signature'], rawBody, webhookSecret, ctx.now());
    await handleStripeEvent(ctx, parseStripeEvent(rawBody));
    return { received: true };
  });
}
