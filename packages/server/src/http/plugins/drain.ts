import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How often, while draining, connections that fell idle are closed. */
const IDLE_SWEEP_MS = 200;

/**
 * Graceful stop of the HTTP side (app.close()): no new connections; every request already
 * received runs to its answer, even when its client has gone away; kept-alive connections end
 * after their answer (Connection: close) instead of idling until their keep-alive timeout.
 * The app's onClose work (and then the database) comes only after the last request, or after
 * `graceMs`, when the connections left are cut.
 */
export function useDrain(app: FastifyInstance, graceMs: number): void {
  const running = new Set<FastifyRequest>();
  let isClosing = false;
  let onIdle: (() => void) | null = null;

  const finish = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) onIdle?.();
  };
  app.addHook('onRequest', async (request, reply) => {
    running.add(request);
    // A hijacked reply (the MCP endpoint's stream) never reaches onSend: its response's close,
    // when it has ended or its connection went away, ends it too.
    reply.raw.once('close', () => finish(request));
  });
  // Every lifecycle ends in a send (the handler's answer or the error handler's), whether or
  // not the client is still there to read it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isClosing) void reply.header('connection', 'close');
    finish(request);
    return payload;
  });

  let sweep: NodeJS.Timeout | undefined;
  let cut: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    isClosing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    cut = setTimeout(() => {
      app.log.warn({ requests: running.size }, 'shutdown grace over: closing open connections');
      app.server.closeAllConnections();
    }, graceMs).unref();
  });
  app.addHook('onClose', async () => {
    if (running.size > 0) {
      await new Promise<void>((resolve) => {
        onIdle = resolve;
        setTimeout(resolve, graceMs).unref();
      });
    }
    clearInterval(sweep);
    clearTimeout(cut);
  });
}
