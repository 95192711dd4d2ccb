// The landing page's sample: a real bundle of a real open-source package, made by the engine
// during the web build (never written by hand). Prints the JSON the landing page fetches.
//
// The input is `ms` (MIT, Vercel) as installed in node_modules; the overview's time is fixed
// (SOURCE_DATE_EPOCH, as the CLI reads it) so that two builds give the same bytes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pack } from '@repobundle/engine';

export const SAMPLE_PACKAGE = 'ms';
/** 2026-01-01T00:00:00Z unless the build sets its own. */
const DEFAULT_EPOCH = 1767225600;

const require = createRequire(import.meta.url);
const manifestPath = require.resolve(`${SAMPLE_PACKAGE}/package.json`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const epoch = Number(process.env.SOURCE_DATE_EPOCH ?? DEFAULT_EPOCH);
if (!Number.isInteger(epoch)) throw new Error('SOURCE_DATE_EPOCH must be whole seconds');

const bundle = await pack(
  dirname(manifestPath),
  {},
  { workers: 0, now: () => new Date(epoch * 1000), sourceName: SAMPLE_PACKAGE },
);

const sample = {
  source: {
    name: manifest.name,
    version: manifest.version,
    license: manifest.license,
    repository: typeof manifest.repository === 'string' ? manifest.repository : null,
  },
  generated_at: new Date(epoch * 1000).toISOString(),
  statistics: {
    files: bundle.statistics.files,
    lines: bundle.statistics.lines,
    tokens: bundle.statistics.tokens,
    chunks: bundle.statistics.chunks,
    output_tokens: bundle.statistics.outputTokens,
  },
  overview: { file_name: bundle.overview.fileName, text: bundle.overview.text },
  chunks: bundle.chunks.map((chunk) => ({
    index: chunk.index,
    file_name: chunk.fileName,
    tokens: chunk.tokens,
    text: chunk.text,
  })),
};
process.stdout.write(JSON.stringify(sample));
