import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from '../../openapi/openapi-document.js';

/** Swagger UI's prebuilt files, from its npm package: served by us, no CDN. */
const SWAGGER_UI_DIR = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>RepoBundle API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="/docs/api/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="/docs/api/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/api/start.js"></script>
  </body>
</html>
`;

// A file of its own, not an inline script: the Content Security Policy allows only 'self'.
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
});
`;

/** GET /api/openapi.json and the reference page that renders it at /docs/api. */
export async function docsRoutes(app: FastifyInstance) {
  let document: OpenApiDocument | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    document ??= buildOpenApiDocument();
    return reply.header('cache-control', 'public, max-age=300').send(document);
  });

  app.get('/docs/api', async (_req, reply) => reply.type('text/html').send(PAGE));
  app.get('/docs/api/start.js', async (_req, reply) => reply.type('text/javascript').send(START));
  await app.register(fastifyStatic, {
    root: SWAGGER_UI_DIR,
    prefix: '/docs/api/assets/',
    decorateReply: false,
    allowedPath: (path) => ['/swagger-ui.css', '/swagger-ui-bundle.js'].includes(path),
    maxAge: 86_400_000,
  });
}
