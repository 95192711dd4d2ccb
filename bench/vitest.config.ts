import { defineConfig } from 'vitest/config';

// The bench's own unit tests (parsers and formatting; no timings). The root config only
// collects packages/*, so these run with `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '.corpora/**', '.out/**'],
    pool: 'forks',
  },
});
