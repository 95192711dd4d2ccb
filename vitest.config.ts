import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { vocabularyAliases } from './packages/web/vocabulary-files.js';

// One runner for every package; `source` resolves workspace packages to their TypeScript sources.
// Two projects: the node packages, and the web app in a DOM (happy-dom).
export default defineConfig({
  resolve: { conditions: ['source'] },
  // Node-environment tests resolve through the SSR conditions: give them `source` too. Vitest also
  // passes these to Node as --conditions; `module` there would make Node's require() pick bundler
  // builds (the AWS SDK's extensionless dist-es), so it is left out.
  ssr: {
    resolve: {
      conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')],
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          setupFiles: ['vitest.properties.ts'],
          // Node runs these tests with the `source` condition, and eventsource-parser (under the MCP
          // SDK's HTTP client) publishes `source` as TypeScript: Vite loads both, compiling it.
          server: {
            deps: {
              inline: [
                /@modelcontextprotocol\/sdk\/dist\/esm\/client\/streamableHttp\.js$/,
                'eventsource-parser',
              ],
            },
          },
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'bench/**/*.test.ts',
            'e2e/lib/**/*.test.ts',
          ],
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            'packages/web/**',
            'bench/.corpora/**',
            'bench/.out/**',
          ],
        },
      },
      {
        extends: true,
        resolve: { conditions: ['source', ...defaultClientConditions], alias: vocabularyAliases() },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'happy-dom',
          setupFiles: ['packages/web/test/setup.ts'],
        },
      },
    ],
  },
});
