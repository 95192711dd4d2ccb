import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How often, while draining, connections that fell idle are closed. */
const IDLE_SWEEP_MS = 200;

export interface Drain {
  /** Aborted when the server begins to stop: long waits (job long polls) end early. */
  readonly signal: AbortSignal;
  /**
   * Stops taking requests at once: the listener closes (new connections are refused), a new
   * request on a connection already open is answered 503 with Connection: close, and idle
   * connections are closed. Resolves when every request received before has been answered,
   * or after the grace period, when the connections left are cut. Safe to call again.
   */
  stopAccepting(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/**
 * Graceful stop of the HTTP side: no new connections or requests; every request already
 * received runs to its answer, even when its client has gone away; kept-alive connections end
 * after their answer (Connection: close) instead of idling until their keep-alive timeout.
 * `stopAccepting()` begins it (a process with a worker calls it on SIGTERM, while the worker's
 * own grace runs); app.close() begins it too if nobody did, and its onClose work (and then the
 * database) comes only after the last request, or after `graceMs`.
 */
export function useDrain(app: FastifyInstance, graceMs: number): void {
  const running = new Set<FastifyRequest>();
  const stopping = new AbortController();
  const idleWaiters = new Set<() => void>();
  let deadline = 0;

  const finish = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) {
      for (const wake of idleWaiters) wake();
    }
  };
  /** Resolves once no request is running, or at the grace period's end. */
  const whenIdle = (): Promise<void> => {
    if (running.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        idleWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, deadline - Date.now())).unref();
      idleWaiters.add(wake);
    });
  };

  app.addHook('onRequest', async (request, reply) => {
    running.add(request);
    // A hijacked reply (the MCP endpoint's stream) never reaches onSend: its response's close,
    // when it has ended or its connection went away, ends it too. Any other request ends at its
    // send even when its client left first: its work (queries included) is still running.
    reply.raw.once('close', () => {
      if (reply.sent) finish(request);
    });
    if (stopping.signal.aborted) {
      // Read after the stop began: another process should serve it.
      return reply.code(503).header('retry-after', '1').send({
        detail: 'This server is restarting. Please try again in a moment.',
        code: 'MAINTENANCE',
      });
    }
  });
  // Every lifecycle ends in a send (the handler's answer or the error handler's), whether or
  // not the client is still there to read it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (stopping.signal.aborted) void reply.header('connection', 'close');
    finish(request);
    return payload;
  });

  let sweep: NodeJS.Timeout | undefined;
  let cut: NodeJS.Timeout | undefined;
  const stopAccepting = (): Promise<void> => {
    if (!stopping.signal.aborted) {
      stopping.abort();
      deadline = Date.now() + graceMs;
      // Not listening (ROLE=worker, or an app under inject()): no listener to close.
      if (app.server.listening) app.server.close();
      sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
      cut = setTimeout(() => {
        app.log.warn({ requests: running.size }, 'shutdown grace over: closing open connections');
        app.server.closeAllConnections();
      }, graceMs).unref();
    }
    return whenIdle();
  };
  app.decorate('drain', { signal: stopping.signal, stopAccepting });

  app.addHook('preClose', async () => {
    void stopAccepting();
  });
  // Whoever began the stop, the app's own close work (and then the database) waits for the
  // requests, including any read since.
  app.addHook('onClose', async () => {
    await stopAccepting();
    clearInterval(sweep);
    clearTimeout(cut);
  });
}
