import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../../metrics/metrics.js';

/**
 * GET /metrics: Prometheus text, without authentication like /healthz; a deployment keeps it
 * off the public proxy (deploy/ does) and lets only its scraper reach it.
 */
export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: Metrics }) {
  app.get('/metrics', async (_req, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.render()),
  );
}
