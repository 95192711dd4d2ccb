import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server listens on :3000; in development every server path is proxied there so the
// app and the API share one origin, as they do when the server serves `dist/` in production.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const serverPaths = ['/auth', '/api', '/payments', '/admin', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react()],
  // `source` resolves @repobundle/contract to its TypeScript sources (no separate build step).
  resolve: { conditions: ['source', ...defaultClientConditions] },
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
  },
});
