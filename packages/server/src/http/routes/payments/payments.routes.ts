import type { FastifyInstance } from 'fastify';
import { getProfile } from '../../../services/profile.service.js';
import { listPlans } from '../../../services/payments/plan-catalog.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import type { RouteOptions } from '../route-context.js';
import { presentCreditPacks, presentPlan, presentSubscription } from './payments.presenter.js';

/** What can be bought (public, for the pricing page) and what the signed-in user has. */
export async function paymentsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx);

  app.get('/payments/plans', async () => (await listPlans(ctx.repos)).map(presentPlan));

  app.get('/payments/token-packs', async () => presentCreditPacks());

  app.get('/payments/subscription', { onRequest }, async (req) =>
    presentSubscription(await getProfile(ctx, currentUser(req))),
  );
}
