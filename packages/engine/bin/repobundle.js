#!/usr/bin/env node
// Thin launcher: the CLI is compiled TypeScript; `npm ci` builds it (root `prepare`).
import('../dist/cli/main.js').then(
  (cli) => cli.main(process.argv.slice(2)),
  (error) => {
    console.error(
      'repobundle: the engine is not built (' + error.message + '). Run `npm run build` first.',
    );
    process.exitCode = 1;
  },
);
