import { githubConnectRequestSchema, githubDisconnectRequestSchema } from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import {
  connectGithub,
  createAuthorizeUrl,
  disconnectGithub,
} from '../../../services/github/github-connection.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { bodyOf, type RouteOptions } from '../route-context.js';

/** The GitHub connection of the signed-in user. */
export async function githubAuthRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx);
  const config = authRateLimit(ctx.config.authRateLimit);

  app.get('/auth/github/authorize-url', { onRequest, config }, async (req) =>
    createAuthorizeUrl(ctx, currentUser(req)),
  );

  app.post(
    '/auth/github/connect',
    { onRequest, config, schema: { body: githubConnectRequestSchema } },
    async (req) => {
      const { code, state } = bodyOf(githubConnectRequestSchema, req);
      return connectGithub(ctx, currentUser(req), code, state);
    },
  );

  app.post(
    '/auth/github/disconnect',
    { onRequest, config, schema: { body: githubDisconnectRequestSchema } },
    async (req) => disconnectGithub(ctx, currentUser(req)),
  );
}
