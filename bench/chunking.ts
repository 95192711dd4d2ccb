// Chunking figures: how fixed, file_based and semantic cut the bench corpora, and the
// throughput of the pipeline with comment removal and semantic chunking against the plain one.
// Run: npx tsx bench/chunking.ts [--corpus medium] [--limits 32000,8000] [--no-throughput]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BundleOptions, ChunkingStrategyName } from '../packages/engine/src/config/options.js';
import { getRenderer } from '../packages/engine/src/core/render/index.js';
import { loadTokenCounter } from '../packages/engine/src/core/tokens/index.js';
import { pack } from '../packages/engine/src/io/pack.js';
import type { ChunkingFigures } from './chunking-figures.js';
import { filesLargerThan, measureChunking, parsedFiles } from './chunking-figures.js';
import { checkTargets, formatChunkingTable, formatTargets } from './chunking-report.js';
import { ensureCorpus } from './corpora.js';
import type { Corpus } from './corpora.js';
import { CORPUS_NAMES } from './corpus-specs.js';
import type { CorpusName } from './corpus-specs.js';
import { OUT_DIR } from './paths.js';
import { formatTable } from './report.js';

const STRATEGIES: readonly ChunkingStrategyName[] = ['fixed', 'file_based', 'semantic'];

const USAGE = `Usage: npx tsx bench/chunking.ts [options]
  --corpus NAMES             corpora for the chunking figures (default medium; none: skip them)
  --limits N,N               token limits (default 32000,8000: 32000 is the smallest a job may use;
                             8000 is an internal budget that makes typical files split)
  --throughput-corpus NAME   corpus for the pipeline throughput (default large)
  --runs N                   timed runs per pipeline, median reported (default 1)
  --no-throughput            skip the throughput step`;

interface Args {
  readonly corpora: CorpusName[];
  readonly limits: number[];
  readonly throughputCorpus: CorpusName | undefined;
  readonly runs: number;
}

function parseChunkingArgs(argv: readonly string[]): Args {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: 'string', default: 'medium' },
      limits: { type: 'string', default: '32000,8000' },
      'throughput-corpus': { type: 'string', default: 'large' },
      runs: { type: 'string', default: '1' },
      'no-throughput': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const corpus = (name: string): CorpusName => {
    if (!(CORPUS_NAMES as readonly string[]).includes(name))
      throw new Error(`unknown corpus ${name}`);
    return name as CorpusName;
  };
  const limits = values.limits.split(',').map(Number);
  if (limits.some((limit) => !Number.isInteger(limit) || limit < 1000)) {
    throw new Error(`--limits takes whole numbers of at least 1000, got ${values.limits}`);
  }
  return {
    corpora: values.corpus === 'none' ? [] : values.corpus.split(',').map(corpus),
    limits,
    throughputCorpus: values['no-throughput'] ? undefined : corpus(values['throughput-corpus']),
    runs: Math.max(1, Number(values.runs) || 1),
  };
}

const log = (line: string): void => console.error(`[chunking] ${line}`);

/** Files of a corpus as the pipeline processes them for semantic chunking (outlines included). */
async function processCorpus(corpus: Corpus) {
  log(`${corpus.name}: processing ${corpus.files} files (parse + outline)`);
  const started = performance.now();
  const bundle = await pack(corpus.dir, {
    chunkingStrategy: 'semantic',
    tokenLimit: 2_000_000,
    respectGitignore: false,
  });
  log(
    `${corpus.name}: ${bundle.files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return bundle.files;
}

async function chunkingFigures(corpus: Corpus, limits: readonly number[]) {
  const files = await processCorpus(corpus);
  const parsed = parsedFiles(files);
  const tools = { renderer: getRenderer('md'), counter: await loadTokenCounter('o200k_base') };
  const sets: { name: string; limit: number; rows: ChunkingFigures[] }[] = [];
  for (const limit of limits) {
    for (const [name, set] of [
      ['files that parse', parsed],
      [`files that parse, larger than ${limit} tokens`, filesLargerThan(parsed, limit)],
    ] as const) {
      const rows: ChunkingFigures[] = [];
      for (const strategy of STRATEGIES) {
        log(`${corpus.name}: ${strategy}, limit ${limit}, ${set.length} ${name}`);
        rows.push(await measureChunking(set, strategy, limit, tools));
      }
      sets.push({ name, limit, rows });
    }
  }
  return { files: files.length, parsed: parsed.length, sets };
}

/** Seconds of one pack: in total, in the file stage (read, parse, transform, count) and after. */
interface PackTimes {
  readonly total: number;
  readonly files: number;
  readonly chunks: number;
}

async function timePack(dir: string, options: BundleOptions, runs: number): Promise<PackTimes> {
  const samples: PackTimes[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    let chunking = started;
    await pack(
      dir,
      { respectGitignore: false, ...options },
      {
        onProgress: ({ stage }) => {
          if (stage === 'chunking' && chunking === started) chunking = performance.now();
        },
      },
    );
    const ended = performance.now();
    samples.push({
      total: (ended - started) / 1000,
      files: (chunking - started) / 1000,
      chunks: (ended - chunking) / 1000,
    });
  }
  samples.sort((a, b) => a.total - b.total);
  return samples[Math.floor(samples.length / 2)] as PackTimes;
}

/** The pipelines timed: plain, each syntax feature alone, and both (the figure). */
const PIPELINES: readonly { readonly name: string; readonly options: BundleOptions }[] = [
  { name: 'plain (fixed, comments kept)', options: {} },
  { name: 'semantic', options: { chunkingStrategy: 'semantic' } },
  { name: 'comment removal', options: { removeComments: true } },
  {
    name: 'comment removal + semantic',
    options: { removeComments: true, chunkingStrategy: 'semantic' },
  },
];

async function throughput(corpus: Corpus, runs: number) {
  const mb = corpus.bytesUnderCap / 1e6;
  const rows: { name: string; times: PackTimes }[] = [];
  for (const pipeline of PIPELINES) {
    log(`${corpus.name}: ${pipeline.name}`);
    rows.push({ name: pipeline.name, times: await timePack(corpus.dir, pipeline.options, runs) });
  }
  return { corpus: corpus.name, mb, rows };
}

function formatThroughput(figures: Awaited<ReturnType<typeof throughput>>): string {
  const plain = figures.rows[0]?.times.total ?? 1;
  return formatTable(
    ['pipeline', 'wall s', 'file stage s', 'chunk stage s', 'MB/s', 'vs plain'],
    figures.rows.map(({ name, times }) => [
      name,
      times.total.toFixed(2),
      times.files.toFixed(2),
      times.chunks.toFixed(2),
      (figures.mb / times.total).toFixed(2),
      (times.total / plain).toFixed(2),
    ]),
  );
}

async function main(): Promise<void> {
  const args = parseChunkingArgs(process.argv.slice(2));
  const report: string[] = [];
  const results: Record<string, unknown> = { date: new Date().toISOString(), args };
  for (const name of args.corpora) {
    const corpus = await ensureCorpus(name, log);
    const figures = await chunkingFigures(corpus, args.limits);
    results[name] = figures;
    report.push(
      `## Chunking, corpus ${name} (${figures.files} files, ${figures.parsed} parse without errors)`,
    );
    for (const set of figures.sets) {
      report.push('', `### ${set.name}, limit ${set.limit}`, '', formatChunkingTable(set.rows));
    }
    const semantic = (index: number) =>
      figures.sets[index]?.rows.find((row) => row.strategy === 'semantic');
    report.push('', formatTargets(checkTargets(semantic(0), semantic(1))), '');
  }
  if (args.throughputCorpus) {
    const corpus = await ensureCorpus(args.throughputCorpus, log);
    const figures = await throughput(corpus, args.runs);
    results.throughput = figures;
    report.push(
      `## Pipeline throughput, corpus ${figures.corpus} (${figures.mb.toFixed(1)} MB under the cap, median of ${args.runs} run(s), bundles built in memory, not written)`,
      '',
      formatThroughput(figures),
    );
  }
  console.log(report.join('\n'));
  await mkdir(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `chunking-${Date.now()}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`figures written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
