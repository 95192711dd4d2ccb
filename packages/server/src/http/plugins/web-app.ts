import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** packages/web/dist, found from this file in src/ and in dist/ alike. */
export const DEFAULT_WEB_DIST = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../web/dist',
);

/**
 * Serves the built web app when it exists: hashed assets cached for good, index.html for every
 * other page a browser asks for (history fallback). Without a build the server is API only.
 * Returns whether the web app is served.
 */
export async function registerWebApp(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    // The landing page is `/`: a folder request must get index.html, not a 403.
    index: ['index.html'],
    setHeaders(reply, path) {
      const isHashedAsset = /[/\\]assets[/\\]/.test(path);
      void reply.header(
        'cache-control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/** A page navigation (not an API call) that should get the single-page app's index.html. */
export function isPageRequest(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!accept?.includes('text/html')) return false;
  const path = url.split('?')[0] ?? '';
  return !/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html');
}
