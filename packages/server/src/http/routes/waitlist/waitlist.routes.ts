import { waitlistJoinRequestSchema } from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import { countWaitlist, joinWaitlist } from '../../../services/waitlist.service.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { bodyOf, type RouteOptions } from '../route-context.js';

export async function waitlistRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  // The spec's path has the trailing slash; the app ignores trailing slashes, so both work.
  app.post(
    '/api/waitlist/',
    {
      schema: { body: waitlistJoinRequestSchema },
      config: authRateLimit(ctx.config.authRateLimit),
    },
    async (req, reply) => {
      const { isNew, body } = await joinWaitlist(ctx, bodyOf(waitlistJoinRequestSchema, req).email);
      return reply.status(isNew ? 201 : 200).send(body);
    },
  );

  app.get('/api/waitlist/count', async () => ({ total_signups: await countWaitlist(ctx) }));
}
