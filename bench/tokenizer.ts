// Token counter benchmark: our exact counter vs gpt-tokenizer vs tiktoken (WASM) on a few MB of
// real code from node_modules. Speeds are MB of UTF-8 per second of this process's CPU time (one
// core; robust to a busy machine), cold (empty piece caches, JIT warmed up on other text) and warm
// (caches filled by a pass).
// Also checks exactness file by file against tiktoken. Run: npx tsx bench/tokenizer.ts [encoding]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { get_encoding } from 'tiktoken';
import * as gptO200k from 'gpt-tokenizer/encoding/o200k_base';
import * as gptCl100k from 'gpt-tokenizer/encoding/cl100k_base';
import type { EncodingName } from '../packages/engine/src/config/options.js';
import { BpeTokenCounter } from '../packages/engine/src/core/tokens/bpe-token-counter.js';
import { loadRankTable } from '../packages/engine/src/core/tokens/rank-table.js';
import { REPO_ROOT } from './paths.js';

interface CorpusFile {
  readonly group: string;
  readonly name: string;
  readonly text: string;
  readonly bytes: number;
}

const NODE_MODULES = path.join(REPO_ROOT, 'node_modules');

/** Groups of real files; each file is read whole so exactness is checked file by file. */
const GROUPS: Record<string, readonly string[]> = {
  'TypeScript .d.ts': [
    'typescript/lib/lib.dom.d.ts',
    'typescript/lib/lib.es5.d.ts',
    'typescript/lib/lib.webworker.d.ts',
    'typescript/lib/typescript.d.ts',
  ],
  'JavaScript source': ['eslint/lib/linter', 'eslint/lib/rules', 'vitest/dist', 'zod/v4/classic'],
  'minified JS': [
    'handlebars/dist/handlebars.min.js',
    'ajv/dist/ajv.min.js',
    'axe-core/axe.min.js',
  ],
  'JSON, markdown, python': [
    'typescript/lib/de/diagnosticMessages.generated.json',
    'typescript/lib/ja/diagnosticMessages.generated.json',
    'fast-check/README.md',
    'commander/Readme.md',
    'flatted/python/flatted.py',
  ],
};
const CODE_EXTENSIONS = /\.(js|mjs|cjs|ts|d\.ts)$/;

function loadCorpus(): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const [group, entries] of Object.entries(GROUPS)) {
    for (const entry of entries) {
      const full = path.join(NODE_MODULES, entry);
      const names = entry.match(/\.[a-z]+$/) ? [full] : listCode(full);
      for (const name of names) {
        const text = readFileSync(name, 'utf8');
        files.push({
          group,
          name: path.relative(NODE_MODULES, name),
          text,
          bytes: Buffer.byteLength(text),
        });
      }
    }
  }
  return files;
}

function listCode(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE_EXTENSIONS.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** CPU seconds taken by `run`. */
function cpuSeconds(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

interface Contender {
  readonly label: string;
  /** Resets caches so the next pass is cold. */
  reset(): void;
  count(text: string): number;
}

function contenders(encoding: EncodingName): Contender[] {
  let ours = new BpeTokenCounter(encoding);
  const gpt = encoding === 'o200k_base' ? gptO200k : gptCl100k;
  const tiktoken = get_encoding(encoding);
  return [
    {
      label: 'repobundle (ours)',
      reset: () => (ours = new BpeTokenCounter(encoding)),
      count: (t) => ours.count(t),
    },
    {
      label: 'gpt-tokenizer 4.0.0',
      reset: () => gpt.clearMergeCache(),
      count: (t) => gpt.countTokens(t),
    },
    {
      label: 'tiktoken 1.0.22 (WASM)',
      reset: () => undefined,
      count: (t) => tiktoken.encode_ordinary(t).length,
    },
  ];
}

function mbPerSecond(bytes: number, seconds: number): string {
  return (bytes / 1e6 / seconds).toFixed(1);
}

async function main(): Promise<void> {
  const encoding = (process.argv[2] ?? 'o200k_base') as EncodingName;
  const corpus = loadCorpus();
  const totalBytes = corpus.reduce((sum, file) => sum + file.bytes, 0);
  const groups = [...new Set(corpus.map((file) => file.group))];
  console.log(
    `encoding ${encoding}; corpus: ${corpus.length} files, ${(totalBytes / 1e6).toFixed(2)} MB`,
  );
  for (const group of groups) {
    const inGroup = corpus.filter((file) => file.group === group);
    const bytes = inGroup.reduce((sum, file) => sum + file.bytes, 0);
    console.log(`  ${group}: ${inGroup.length} files, ${(bytes / 1e6).toFixed(2)} MB`);
  }
  const jitWarmUp = readFileSync(path.join(NODE_MODULES, 'typescript/lib/_tsc.js'), 'utf8').slice(
    0,
    200_000,
  );
  const loadStarted = process.cpuUsage();
  await loadRankTable(encoding);
  const loadUsage = process.cpuUsage(loadStarted);
  const loadSeconds = (loadUsage.user + loadUsage.system) / 1e6;
  console.log(
    `our vocabulary load and build (once per thread): ${(loadSeconds * 1000).toFixed(0)} ms CPU\n`,
  );

  const rows: string[][] = [];
  const totals = new Map<string, number[]>();
  for (const contender of contenders(encoding)) {
    // Compile the hot code on text outside the corpus, then empty the caches: "cold" is about
    // caches, not about the JIT (a worker warms that up on its first file).
    contender.count(jitWarmUp);
    contender.reset();
    const counts: number[] = [];
    const cold = cpuSeconds(() =>
      corpus.forEach((file) => counts.push(contender.count(file.text))),
    );
    totals.set(contender.label, counts);
    // Warm: best of three passes over caches filled by the cold pass.
    let warm = Infinity;
    const warmByGroup = new Map<string, number>();
    for (let pass = 0; pass < 3; pass++) {
      for (const group of groups) {
        const files = corpus.filter((file) => file.group === group);
        const seconds = cpuSeconds(() => files.forEach((file) => contender.count(file.text)));
        warmByGroup.set(group, Math.min(warmByGroup.get(group) ?? Infinity, seconds));
      }
      warm = Math.min(
        warm,
        [...warmByGroup.values()].reduce((a, b) => a + b, 0),
      );
    }
    rows.push([
      contender.label,
      mbPerSecond(totalBytes, cold),
      mbPerSecond(totalBytes, warm),
      ...groups.map((group) => {
        const bytes = corpus
          .filter((file) => file.group === group)
          .reduce((sum, file) => sum + file.bytes, 0);
        return mbPerSecond(bytes, warmByGroup.get(group)!);
      }),
    ]);
  }
  printTable(
    ['counter', 'cold MB/s', 'warm MB/s', ...groups.map((group) => `warm: ${group}`)],
    rows,
  );

  const reference = totals.get('tiktoken 1.0.22 (WASM)')!;
  for (const [label, counts] of totals) {
    const differing = corpus.filter((_, i) => counts[i] !== reference[i]);
    const sum = counts.reduce((a, b) => a + b, 0);
    const verdict =
      differing.length === 0 ? 'exact on every file' : `DIFFERS on ${differing.length} files`;
    console.log(`${label.padEnd(24)} ${sum} tokens, ${verdict}`);
    for (const file of differing.slice(0, 5)) {
      const i = corpus.indexOf(file);
      console.log(`    ${file.name}: ${counts[i]} vs tiktoken ${reference[i]}`);
    }
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) =>
    '| ' +
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join(' | ') +
    ' |';
  console.log(line(header));
  console.log(
    '|' +
      widths
        .map((width, i) => (i === 0 ? '-'.repeat(width + 2) : '-'.repeat(width + 1) + ':'))
        .join('|') +
      '|',
  );
  for (const row of rows) console.log(line(row));
  console.log('');
}

await main();
