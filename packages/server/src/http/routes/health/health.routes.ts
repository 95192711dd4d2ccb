import type { StatusResponse } from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { QUEUE_SCHEMA } from '../../../db/migrate.js';
import type { RouteOptions } from '../route-context.js';

export async function healthRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Ready when the database, the queue's tables in it, and storage all answer.
  app.get('/readyz', async (_req, reply) => {
    const probe = async (check: () => Promise<unknown>) =>
      check().then(
        () => 'ok' as const,
        (error: unknown) => {
          ctx.logger.warn({ err: error }, 'readiness check failed');
          return 'unreachable' as const;
        },
      );
    const [database, queue, storage] = await Promise.all([
      probe(() => sql`select 1`.execute(ctx.db)),
      probe(() => sql`select 1 from ${sql.table(`${QUEUE_SCHEMA}.version`)}`.execute(ctx.db)),
      probe(() => ctx.storage.check()),
    ]);
    const ready = database === 'ok' && queue === 'ok' && storage === 'ok';
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', database, queue, storage });
  });

  app.get('/api/status', async (): Promise<StatusResponse> => ({
    maintenance_mode: ctx.config.maintenanceMode,
    beta_gate: ctx.config.betaGate,
    google_client_id: ctx.config.google.clientId,
  }));
}
