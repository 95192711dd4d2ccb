import type { StatusResponse } from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RouteOptions } from '../route-context.js';

export async function healthRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Storage and queue join this check when they exist (jobs issue).
  app.get('/readyz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      ctx.logger.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  app.get('/api/status', async (): Promise<StatusResponse> => ({
    maintenance_mode: ctx.config.maintenanceMode,
    beta_gate: ctx.config.betaGate,
    google_client_id: ctx.config.google.clientId,
  }));
}
