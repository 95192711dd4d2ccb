import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before the request's body was read to its end (a chunk refused by a limit, a
 * validation error on a streamed upload) closes the connection after it. Left open, the unread
 * rest of the body would stand in front of the next request on that connection: the client,
 * still sending it, waits for a server that no longer reads, and its next request is never
 * answered.
 */
export function useCloseAfterUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) void reply.header('connection', 'close');
    return payload;
  });
}
