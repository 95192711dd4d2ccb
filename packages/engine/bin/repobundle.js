#!/usr/bin/env node
// Thin launcher: the CLI is compiled TypeScript, bundled; `npm ci` builds it (root `prepare`).
let finished = false;
// Node ends a process whose event loop has nothing left to wait for, even while a promise is
// pending. If that ever happens before the CLI has finished, it is a failure, never a success.
process.on('exit', () => {
  if (finished) return;
  process.stderr.write(
    'repobundle: internal error: the run stopped before it finished; nothing was written. Please report this.\n',
  );
  process.exitCode = 1;
});
import('../dist/bundle/main.js').then(
  (cli) =>
    cli.main(process.argv.slice(2)).finally(() => {
      finished = true;
    }),
  (error) => {
    finished = true;
    console.error(
      'repobundle: the engine is not built (' + error.message + '). Run `npm run build` first.',
    );
    process.exitCode = 1;
  },
);
