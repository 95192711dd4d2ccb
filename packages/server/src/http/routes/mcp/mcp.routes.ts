import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../../errors.js';
import { createHostedMcpServer } from '../../../mcp/hosted-mcp-server.js';
import { isApiKeyToken } from '../../../services/api-keys.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import type { RouteOptions } from '../route-context.js';

const MCP_SERVER_VERSION = '0.1.0';

/**
 * The hosted MCP endpoint (Streamable HTTP, stateless): every POST carries JSON-RPC messages and
 * a personal API key, and is answered by a server built for that key's user. Reading needs any
 * key; pack_repository checks for the jobs scope itself, so a read key still lists and reads.
 */
export async function mcpRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const authenticateKey = createAuthenticate(ctx, { apiKey: 'read' });
  const onRequest = async (request: FastifyRequest) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !isApiKeyToken(token)) {
      throw unauthorized(
        'NOT_AUTHENTICATED',
        'The MCP endpoint needs a personal API key: send Authorization: Bearer rbk_... (create one under Settings, API keys).',
      );
    }
    await authenticateKey(request);
  };

  app.post('/mcp', { onRequest }, async (request, reply) => {
    const key = request.apiKey;
    if (!key) throw new Error('the MCP route authenticated without an API key');
    const server = createHostedMcpServer(
      { ctx, user: currentUser(request), key },
      MCP_SERVER_VERSION,
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // The transport writes the answer itself; Fastify must not send one after it.
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      // After hijack the error handler cannot answer: say it here, without internals.
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ detail: 'Something went wrong on the server.', code: 'INTERNAL_ERROR' }),
        );
      }
    }
  });

  // Stateless: no server-sent event stream to open, no session to end.
  const postOnly = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(405).header('allow', 'POST').send({
      detail: 'The MCP endpoint is stateless: send JSON-RPC messages with POST.',
      code: 'METHOD_NOT_ALLOWED',
    });
  app.get('/mcp', { onRequest }, postOnly);
  app.delete('/mcp', { onRequest }, postOnly);
}
