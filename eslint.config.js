// One lint setup for every package. Import boundaries (DESIGN 1, STYLE habit 3) are rules here,
// so a wrong-way import fails `npm test` instead of waiting for a review.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeIo = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'net',
  'http',
  'https',
  'stream',
  'zlib',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'bench/.corpora/**',
      'bench/.out/**',
      'packages/engine/test/fixtures/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/engine/src/core/**/*.ts'],
    ignores: ['packages/engine/src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeIo, message: 'engine core is pure: I/O belongs in src/io.' },
            { group: ['**/io/**', '**/cli/**'], message: 'engine core must not import io or cli.' },
            {
              group: [
                '@repobundle/server',
                '@repobundle/server/*',
                '@repobundle/web',
                '@repobundle/web/*',
              ],
              message: 'the engine imports nothing from server or web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@repobundle/server',
                '@repobundle/server/*',
                '@repobundle/web',
                '@repobundle/web/*',
              ],
              message: 'the engine imports nothing from server or web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@repobundle/server', '@repobundle/server/*', '**/packages/server/**'],
              message:
                'the web app talks to the server only over HTTP (shared types live in @repobundle/contract).',
            },
            {
              // The exceptions, pure modules: the exact token counter (run in a worker, so the
              // tokens shown before upload are the engine's own count) and the selection rule
              // (so the files counted before upload are the files the job is priced for).
              regex: '^@repobundle/engine(?!/(tokens|select)$)(/.*)?$',
              message:
                'the web app does not run the engine (only @repobundle/engine/tokens and /select).',
            },
          ],
        },
      ],
    },
  },
);
