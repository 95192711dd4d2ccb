import { adminCreditsRequestSchema, adminPlanRequestSchema } from '@repobundle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../../errors.js';
import { presentAdminUser, presentOutboxMessage } from '../../../presenters/admin.presenter.js';
import { approveEmail, grantCredits, listUsers, setPlan } from '../../../services/admin.service.js';
import { isSameSecret } from '../../../services/opaque-tokens.js';
import { bodyOf, type RouteOptions } from '../route-context.js';
import { emailField } from '@repobundle/contract';

const emailParams = z.object({ email: emailField });
const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
const outboxQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(20),
  to: emailField.optional(),
});

/** Operator API: `Authorization: Bearer <ADMIN_TOKEN>` only. */
export async function adminRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match || !isSameSecret(match[1]!, ctx.config.adminToken)) {
      throw unauthorized('NOT_AUTHENTICATED', 'The operator API needs the admin token.');
    }
  });

  app.get('/admin/users', { schema: { querystring: listQuery } }, async (req) => {
    const { limit, offset } = req.query as z.output<typeof listQuery>;
    const { views, total } = await listUsers(ctx, limit, offset);
    return { users: views.map(presentAdminUser), total };
  });

  app.post('/admin/users/:email/approve', { schema: { params: emailParams } }, async (req) => {
    const { email } = req.params as z.output<typeof emailParams>;
    await approveEmail(ctx, email);
    return { email, approved: true };
  });

  app.post(
    '/admin/users/:email/plan',
    { schema: { params: emailParams, body: adminPlanRequestSchema } },
    async (req) => {
      const { email } = req.params as z.output<typeof emailParams>;
      return presentAdminUser(await setPlan(ctx, email, bodyOf(adminPlanRequestSchema, req)));
    },
  );

  app.post(
    '/admin/users/:email/credits',
    { schema: { params: emailParams, body: adminCreditsRequestSchema } },
    async (req) => {
      const { email } = req.params as z.output<typeof emailParams>;
      return presentAdminUser(
        await grantCredits(ctx, email, bodyOf(adminCreditsRequestSchema, req)),
      );
    },
  );

  // Mail kept by the outbox (no SMTP_URL): how a developer reads codes and reset links.
  app.get('/admin/outbox', { schema: { querystring: outboxQuery } }, async (req) => {
    const { limit, to } = req.query as z.output<typeof outboxQuery>;
    const rows = await ctx.repos.outbox.latest(limit, to);
    return { messages: rows.map(presentOutboxMessage) };
  });
}
