// Packing figures: how many chunks each strategy makes, and how many neighbouring chunks would
// still fit together as one (must be 0), on the bench corpora and on three npm packages.
// Run: npx tsx bench/chunking-packing.ts [--corpus medium] [--npm] [--formats json,md]
//      [--limits 32000] [--runs 1]
// The chunk stage time is the median of --runs runs (plan, render, exact count, re-plan, merge),
// counted on this thread as chunkFiles does without the pack pipeline's worker threads.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import type {
  BundleOptions,
  ChunkingStrategyName,
  OutputFormat,
} from '../packages/engine/src/config/options.js';
import { CHUNKING_STRATEGIES, resolveOptions } from '../packages/engine/src/config/options.js';
import { analyzeChunks } from '../packages/engine/src/core/analyze/analyze-chunks.js';
import { chunkFiles } from '../packages/engine/src/core/chunk/chunk-files.js';
import { mergeablePairs } from '../packages/engine/src/core/chunk/test-support/mergeable-pairs.js';
import { getRenderer } from '../packages/engine/src/core/render/index.js';
import { loadTokenCounter } from '../packages/engine/src/core/tokens/index.js';
import type { ProcessedFile } from '../packages/engine/src/core/types.js';
import { pack } from '../packages/engine/src/io/pack.js';
import { ensureCorpus } from './corpora.js';
import type { CorpusName } from './corpus-specs.js';
import { OUT_DIR } from './paths.js';
import { formatTable } from './report.js';

const NPM_PACKAGES = ['express@4.21.2', 'lodash@4.17.21', 'rxjs@7.8.1'];
const NPM_DIR = path.join(OUT_DIR, 'npm-trio');

const log = (line: string): void => console.error(`[packing] ${line}`);

/** The three npm packages, packed once into bench/.out and unpacked under `src/<name>/`. */
async function ensureNpmTrio(): Promise<string> {
  const src = path.join(NPM_DIR, 'src');
  const run = promisify(execFile);
  await mkdir(NPM_DIR, { recursive: true });
  for (const spec of NPM_PACKAGES) {
    const name = spec.replace('@', '-');
    const target = path.join(src, name);
    if (existsSync(target)) continue;
    log(`npm pack ${spec}`);
    await run('npm', ['pack', spec], { cwd: NPM_DIR });
    await mkdir(target, { recursive: true });
    await run('tar', [
      '-xzf',
      path.join(NPM_DIR, `${name}.tgz`),
      '-C',
      target,
      '--strip-components=1',
    ]);
  }
  return src;
}

/** Files as the pipeline processes them for syntax-aware chunking (outlines included). */
async function processFiles(
  dir: string,
  options: BundleOptions,
): Promise<readonly ProcessedFile[]> {
  const bundle = await pack(dir, {
    ...options,
    chunkingStrategy: 'semantic',
    tokenLimit: 2_000_000,
    respectGitignore: false,
  });
  return bundle.files;
}

interface Row {
  readonly input: string;
  readonly format: OutputFormat;
  readonly limit: number;
  readonly strategy: ChunkingStrategyName;
  readonly chunks: number;
  readonly pairs: number;
  readonly boundary: number;
  readonly seconds: number;
}

/** Median chunk stage seconds over `runs` runs, and the last run's result. */
async function timeChunking(
  runs: number,
  once: () => ReturnType<typeof chunkFiles>,
): Promise<{ seconds: number; result: Awaited<ReturnType<typeof chunkFiles>> }> {
  const times: number[] = [];
  let result: Awaited<ReturnType<typeof chunkFiles>> | undefined;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    result = await once();
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  if (!result) throw new Error('no run');
  return { seconds: times[Math.floor(times.length / 2)] ?? 0, result };
}

async function measure(
  input: string,
  files: readonly ProcessedFile[],
  format: OutputFormat,
  limit: number,
  extra: BundleOptions,
  runs: number,
): Promise<Row[]> {
  const renderer = getRenderer(format);
  const counter = await loadTokenCounter('o200k_base');
  const rows: Row[] = [];
  for (const strategy of CHUNKING_STRATEGIES) {
    const options = {
      ...resolveOptions({ ...extra, chunkingStrategy: strategy, outputFormat: format }),
      tokenLimit: limit,
    };
    const { seconds, result } = await timeChunking(runs, () =>
      chunkFiles(files, options, renderer, counter, { sourceName: 'bench' }),
    );
    const { chunks, costModel } = result;
    const pairs = mergeablePairs(chunks, files, limit, {
      renderer,
      counter,
      options,
      sourceName: 'bench',
    });
    const analytics = analyzeChunks(chunks, files, options, costModel);
    rows.push({
      input,
      format,
      limit,
      strategy,
      chunks: chunks.length,
      pairs: pairs.length,
      boundary: analytics.boundary_score,
      seconds,
    });
    log(`${input} ${format} ${limit} ${strategy}: ${chunks.length} chunks, ${pairs.length} pairs`);
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: 'medium' },
      npm: { type: 'boolean', default: false },
      formats: { type: 'string', default: 'json,md' },
      limits: { type: 'string', default: '32000' },
      runs: { type: 'string', default: '1' },
    },
  });
  const formats = values.formats.split(',') as OutputFormat[];
  const limits = values.limits.split(',').map(Number);
  const runs = Math.max(1, Number(values.runs) || 1);
  const inputs: { name: string; dir: string; options: BundleOptions; limits: number[] }[] = [];
  for (const name of values.corpus === 'none' ? [] : values.corpus.split(',')) {
    const corpus = await ensureCorpus(name as CorpusName, log);
    inputs.push({ name, dir: corpus.dir, options: {}, limits });
  }
  if (values.npm) {
    const dir = await ensureNpmTrio();
    inputs.push({ name: 'express+lodash+rxjs', dir, options: {}, limits });
    inputs.push({
      name: 'express+lodash+rxjs, comments removed, redacted',
      dir,
      options: { removeComments: true, redactSecrets: true },
      limits: [128_000],
    });
  }
  const rows: Row[] = [];
  for (const input of inputs) {
    log(`${input.name}: processing files`);
    const files = await processFiles(input.dir, input.options);
    for (const format of formats) {
      for (const limit of input.limits) {
        rows.push(...(await measure(input.name, files, format, limit, input.options, runs)));
      }
    }
  }
  console.log(
    formatTable(
      [
        'input',
        'format',
        'limit',
        'strategy',
        'chunks',
        'vs file_based',
        'pairs that fit',
        'boundary %',
        'chunk stage s',
      ],
      rows.map((row) => {
        const fileBased = rows.find(
          (other) =>
            other.input === row.input &&
            other.format === row.format &&
            other.limit === row.limit &&
            other.strategy === 'file_based',
        );
        return [
          row.input,
          row.format,
          String(row.limit),
          row.strategy,
          String(row.chunks),
          fileBased ? (row.chunks / fileBased.chunks).toFixed(2) : '-',
          String(row.pairs),
          row.boundary.toFixed(1),
          row.seconds.toFixed(2),
        ];
      }),
    ),
  );
}

await main();
