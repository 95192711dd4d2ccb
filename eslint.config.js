// One lint setup for every package. Import boundaries between packages and layers are rules here,
// so a wrong-way import fails `npm test` instead of waiting for a review.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
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
      // AssemblyScript: TypeScript's syntax with WebAssembly's types, compiled by its own tool.
      'packages/engine/assembly/**',
      'packages/engine/src/core/tokens/ascii-counter-wasm.ts',
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
    // A promise nobody awaits loses its error, and one passed where a callback returns void is
    // never awaited: both hide failures in the server and the engine, where they matter most.
    files: ['packages/server/{src,test}/**/*.ts', 'packages/engine/{src,test}/**/*.ts'],
    ignores: ['packages/engine/test/fixtures/**'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The server's layers: routes parse, authorise and present; services hold the flows and
    // reach the data through repositories and the outside world (mail, storage, git, GitHub,
    // Stripe) through adapters. Row types may cross (presenters format rows).
    files: ['packages/server/src/http/**/*.ts'],
    ignores: ['packages/server/src/http/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/repositories/**'],
              allowTypeImports: true,
              message: 'routes call services; only services use repositories.',
            },
            {
              group: ['**/adapters/**'],
              allowTypeImports: true,
              message: 'routes call services; only services use adapters.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/{services,jobs,queue,db,adapters}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/**'], message: 'services do not depend on the HTTP layer.' },
          ],
        },
      ],
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
    // The two rules of hooks, as errors. The plugin's React Compiler rules are left out: the app
    // is not compiled by it, and they flag effects that legitimately sync with the DOM.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/web/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ['packages/web/src/**/*.tsx'],
    rules: {
      // A scrollable region must be reachable by keyboard to be scrolled by it, and a focusable
      // separator with a value is the ARIA window splitter, a widget.
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region', 'separator'] },
      ],
      // Labels whose text sits in nested spans (a title and a hint).
      'jsx-a11y-x/label-has-associated-control': ['error', { depth: 3 }],
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
