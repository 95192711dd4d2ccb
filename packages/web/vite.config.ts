import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { SAMPLE_BUNDLE_FILE } from './src/lib/sample-bundle-file.js';
import { vocabularyAliases } from './vocabulary-files.js';

// The API server listens on :3000; in development every server path is proxied there so the
// app and the API share one origin, as they do when the server serves `dist/` in production.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const serverPaths = ['/auth', '/api', '/payments', '/admin', '/healthz', '/readyz'];

/**
 * The landing page's sample bundle: the engine packs a real package (scripts/sample-bundle.mjs,
 * its own process, so this config never loads the engine), emitted as a static file of the build
 * and served by the dev server at the same path.
 */
function sampleBundle(): Plugin {
  const script = fileURLToPath(new URL('./scripts/sample-bundle.mjs', import.meta.url));
  let json: Promise<string> | undefined;
  const generate = () =>
    (json ??= promisify(execFile)(process.execPath, [script], { maxBuffer: 16 << 20 }).then(
      ({ stdout }) => stdout,
    ));
  return {
    name: 'repobundle-sample-bundle',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: SAMPLE_BUNDLE_FILE, source: await generate() });
    },
    configureServer(server) {
      server.middlewares.use(`/${SAMPLE_BUNDLE_FILE}`, (_request, response, next) => {
        generate().then((body) => {
          response.setHeader('content-type', 'application/json');
          response.end(body);
        }, next);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), sampleBundle()],
  // `source` resolves @repobundle/contract to its TypeScript sources (no separate build step).
  resolve: { conditions: ['source', ...defaultClientConditions], alias: vocabularyAliases() },
  // The counting worker loads the tokenizer's vocabulary lazily (a separate chunk): ES modules.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget }])),
  },
  build: {
    target: 'es2022',
    // The server's CSP forbids inline scripts: keep the module preload polyfill out of index.html.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: true,
    // Read by scripts/measure-landing.mjs to total the landing page's JavaScript.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources put explanatory comments where Rollup looks for `@__PURE__` annotations;
        // Rollup drops those comments and says so. Nothing is wrong with the output.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/'))
          return;
        warn(warning);
      },
    },
  },
});
