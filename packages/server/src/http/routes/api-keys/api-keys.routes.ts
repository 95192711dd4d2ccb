import { createApiKeyRequestSchema, textField } from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../services/api-keys.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import { bodyOf, type RouteOptions } from '../route-context.js';

const keyParams = z.object({ id: textField().max(100) });

/** The signed-in user's personal API keys. A key never manages keys, so these take sessions only. */
export async function apiKeysRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx);

  app.post(
    '/api/keys',
    { onRequest, schema: { body: createApiKeyRequestSchema } },
    async (req, reply) => {
      const created = await createApiKey(
        ctx,
        currentUser(req),
        bodyOf(createApiKeyRequestSchema, req),
      );
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get('/api/keys', { onRequest }, async (req) => listApiKeys(ctx, currentUser(req)));

  app.delete('/api/keys/:id', { onRequest, schema: { params: keyParams } }, async (req, reply) => {
    const { id } = req.params as z.output<typeof keyParams>;
    await revokeApiKey(ctx, currentUser(req), id);
    return reply.status(204).send();
  });
}
