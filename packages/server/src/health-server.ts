import { createServer } from 'node:http';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';

/**
 * The worker role's probe port: GET /healthz (the process is up) and GET /metrics (its job
 * figures), nothing else. A plain HTTP server, so no API route is reachable on a worker.
 */
export async function startHealthServer(app: FastifyInstance, host: string, port: number) {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', role: 'worker' }));
      return;
    }
    if (req.method === 'GET' && path === '/metrics') {
      app.metrics.render().then(
        (text) => {
          res.writeHead(200, { 'content-type': app.metrics.registry.contentType });
          res.end(text);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics failed');
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ detail: 'Metrics are unavailable.', code: 'INTERNAL_ERROR' }));
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Not found.', code: 'NOT_FOUND' }));
  });
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
