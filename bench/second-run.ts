/**
 * `npx tsx bench/second-run.ts [--corpus npm18,notebooks] [--runs 3] [--format md]`: repobundle
 * against repomix 1.18.1, both with their on-disk caches, in paired runs, in one output format
 * (md, xml, json or txt: repomix's markdown, xml, json and plain styles):
 *
 * - first run: our result cache emptied before each run, repomix's token cache off;
 * - second run: both caches warm (filled by the run before);
 * - ours again with one file edited (a new line appended, taken out after the run): the bundle
 *   the first run kept no longer applies, and every other file's result comes from the cache;
 * - floor: `cat` of the same files (every file under the 5 MB cap) into one output file, the
 *   time any tool needs to read and write those bytes.
 *
 * Medians of wall, CPU (and of it system time) and peak RSS; ratios against the targets.
 * Run it under `nice -n -15` as root on a shared machine so other work disturbs it less.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { ensureCorpus } from './corpora.js';
import type { Corpus } from './corpora.js';
import { CORPUS_NAMES } from './corpus-specs.js';
import type { CorpusName } from './corpus-specs.js';
import { ensureGnuTime, measureOnce, median } from './measure.js';
import { measurePageFaultCost } from './page-fault-cost.js';
import type { PageFaultCost } from './page-fault-cost.js';
import type { CommandSpec, Sample } from './measure.js';
import { BENCH_DIR, OUT_DIR, REPO_ROOT, REPOBUNDLE_BIN } from './paths.js';

const run = promisify(execFile);
const log = (line: string): void => console.log(line);

const REPOMIX_VERSION = '1.18.1';
/** Git-ignored: tools the bench installs for itself, each version in its own folder. */
const TOOLS_DIR = path.join(BENCH_DIR, '.tools');
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Our formats that repomix also writes, with its name for each. */
const FORMATS = {
  md: 'markdown',
  xml: 'xml',
  json: 'json',
  txt: 'plain',
} as const;
type Format = keyof typeof FORMATS;

const MODES = [
  'repobundle, first run (cache cold)',
  `repomix ${REPOMIX_VERSION}, cache off`,
  'repobundle, second run (cache warm)',
  'repobundle, second run, one file edited',
  `repomix ${REPOMIX_VERSION}, second run (cache warm)`,
  'floor: cat the same files into one file',
] as const;
type Mode = (typeof MODES)[number];

interface ModeResult {
  readonly mode: Mode;
  readonly samples: Sample[];
  outputBytes: number;
}

/** Installs repomix into the bench's own folder (not the workspace) and checks it starts. */
async function ensureRepomix(): Promise<string> {
  const prefix = path.join(TOOLS_DIR, `repomix-${REPOMIX_VERSION}`);
  const bin = path.join(prefix, 'node_modules', 'repomix', 'bin', 'repomix.cjs');
  if (!existsSync(bin)) {
    log(`installing repomix ${REPOMIX_VERSION} into ${path.relative(REPO_ROOT, prefix)}`);
    await mkdir(prefix, { recursive: true });
    await run(
      'npm',
      ['install', '--prefix', prefix, '-E', '--no-audit', '--no-fund', '--ignore-scripts'].concat(
        `repomix@${REPOMIX_VERSION}`,
      ),
      { maxBuffer: 64 * 1024 * 1024 },
    );
  }
  // It declares Node >= 22; say whether it runs on this one.
  const { stdout } = await run(process.execPath, [bin, '--version']);
  log(`repomix ${stdout.trim()} runs on node ${process.version}`);
  return bin;
}

/** What the edited run appends to one file: new each run, so its result is never cached. */
const edit = () => Buffer.from(`\n// edited for the bench at ${Date.now()}\n`);

/** The file the edited run changes: the corpus's first JavaScript file in name order. */
async function fileToEdit(dir: string): Promise<string> {
  const names = (await readdir(dir, { recursive: true })).sort();
  const name = names.find((candidate) => candidate.endsWith('.js'));
  if (name === undefined) throw new Error(`no .js file to edit in ${dir}`);
  return path.join(dir, name);
}

interface Paths {
  readonly format: Format;
  /** The file the edited run changes (see fileToEdit). */
  readonly edited: string;
  readonly out: string;
  readonly ourCache: string;
  readonly repomixCache: string;
}

function commands(corpus: Corpus, repomixBin: string, paths: Paths): Record<Mode, CommandSpec> {
  const ours = (): CommandSpec => ({
    command: process.execPath,
    args: [
      REPOBUNDLE_BIN,
      'pack',
      corpus.dir,
      '-o',
      path.join(paths.out, 'repobundle'),
      '--output-format',
      paths.format,
      '--token-limit',
      '2000000',
      '--chunking-strategy',
      'file_based',
      '--encoding',
      'o200k_base',
      '--no-gitignore',
      '--json',
    ],
    cwd: REPO_ROOT,
    env: { ...process.env, CACHE_DIR: paths.ourCache },
  });
  const repomix = (cache: boolean): CommandSpec => ({
    command: process.execPath,
    args: [
      repomixBin,
      corpus.dir,
      '-c',
      path.join(paths.out, 'repomix.config.json'),
      '-o',
      repomixOutput(paths),
      '--style',
      FORMATS[paths.format],
      '--no-security-check',
      '--token-count-encoding',
      'o200k_base',
      '--no-gitignore',
      '--no-dot-ignore',
      '--no-git-sort-by-changes',
    ],
    cwd: paths.out,
    env: {
      ...process.env,
      NO_COLOR: '1',
      REPOMIX_TOKEN_CACHE_PATH: path.join(paths.repomixCache, 'token-counts.json'),
      ...(cache ? {} : { REPOMIX_TOKEN_CACHE: '0' }),
    },
  });
  const floor: CommandSpec = {
    command: 'sh',
    args: [
      '-c',
      `find "$1" -type f -size -${MAX_FILE_BYTES + 1}c -exec cat {} + > "$2"`,
      'floor',
      corpus.dir,
      path.join(paths.out, 'floor.txt'),
    ],
    cwd: paths.out,
  };
  return {
    [MODES[0]]: ours(),
    [MODES[1]]: repomix(false),
    [MODES[2]]: ours(),
    [MODES[3]]: ours(),
    [MODES[4]]: repomix(true),
    [MODES[5]]: floor,
  } as Record<Mode, CommandSpec>;
}

function repomixOutput(paths: Paths): string {
  return path.join(paths.out, `repomix-output.${paths.format}`);
}

async function sizeOf(target: string): Promise<number> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of await readdir(target)) total += await sizeOf(path.join(target, name));
  return total;
}

function outputOf(mode: Mode, paths: Paths): string {
  if (mode.startsWith('repobundle')) return path.join(paths.out, 'repobundle');
  if (mode.startsWith('repomix')) return repomixOutput(paths);
  return path.join(paths.out, 'floor.txt');
}

async function measureMode(
  mode: Mode,
  spec: CommandSpec,
  paths: Paths,
  result?: ModeResult,
): Promise<Sample> {
  if (mode === MODES[0]) await rm(paths.ourCache, { recursive: true, force: true });
  if (mode.startsWith('repobundle')) {
    await rm(path.join(paths.out, 'repobundle'), { recursive: true, force: true });
  }
  const edited = mode === MODES[3] ? await readFile(paths.edited) : undefined;
  if (edited) await writeFile(paths.edited, Buffer.concat([edited, edit()]));
  const sample = await measureOnce(spec).finally(() => edited && writeFile(paths.edited, edited));
  if (sample.exitCode !== 0) {
    const reason = sample.stderr.trim().split('\n').slice(-3).join(' | ');
    throw new Error(`${mode} failed (exit ${sample.exitCode}): ${reason}`);
  }
  if (result) result.outputBytes = await sizeOf(outputOf(mode, paths));
  log(
    `  ${mode}: ${sample.wallS.toFixed(2)} s wall, ${sample.cpuS.toFixed(2)} s CPU ` +
      `(${sample.sysS.toFixed(2)} s system), ${sample.peakRssMb.toFixed(0)} MiB, ` +
      `${sample.minorFaults.toLocaleString('en-US')} page faults`,
  );
  return sample;
}

async function benchCorpus(corpus: Corpus, repomixBin: string, runs: number, format: Format) {
  const out = path.join(OUT_DIR, 'second-run', `${corpus.name}-${format}`);
  const paths: Paths = {
    format,
    out,
    ourCache: path.join(out, 'repobundle-cache'),
    repomixCache: path.join(out, 'repomix-cache'),
    edited: await fileToEdit(corpus.dir),
  };
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  // The same 5 MB per-file cap as ours, so both pack the same files.
  await writeFile(
    path.join(out, 'repomix.config.json'),
    JSON.stringify({ input: { maxFileSize: MAX_FILE_BYTES } }),
  );
  const specs = commands(corpus, repomixBin, paths);
  log(`\n== ${corpus.name}: warm-up (untimed): floor, repomix with its cache on`);
  await measureMode(MODES[5], specs[MODES[5]], paths);
  await measureMode(MODES[4], specs[MODES[4]], paths);
  const results = MODES.map((mode): ModeResult => ({ mode, samples: [], outputBytes: 0 }));
  for (let i = 1; i <= runs; i++) {
    log(`== ${corpus.name}: run ${i}/${runs}`);
    // In this order each second run finds the cache its first run just filled.
    for (const result of results) {
      result.samples.push(await measureMode(result.mode, specs[result.mode], paths, result));
    }
  }
  return results;
}

/** One mode's medians. */
interface Figures {
  readonly wall: number;
  readonly cpu: number;
  readonly rss: number;
  readonly faults: number;
}

function table(
  corpus: Corpus,
  results: readonly ModeResult[],
  format: Format,
  faultCost: PageFaultCost,
): string[] {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const lines = [
    `\n${corpus.name}: ${corpus.files.toLocaleString('en-US')} files, ${mb(corpus.bytes)} ` +
      `(${mb(corpus.bytesUnderCap)} under the 5 MB cap); ${format} against repomix's ` +
      `${FORMATS[format]}; medians of ${results[0]?.samples.length} runs`,
    '',
    '| tool | wall | CPU (of it system) | peak RSS | page faults | output |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  const figures = new Map<Mode, Figures>();
  for (const { mode, samples, outputBytes } of results) {
    const wall = median(samples.map((s) => s.wallS));
    const cpu = median(samples.map((s) => s.cpuS));
    const sys = median(samples.map((s) => s.sysS));
    const rss = median(samples.map((s) => s.peakRssMb));
    const faults = median(samples.map((s) => s.minorFaults));
    figures.set(mode, { wall, cpu, rss, faults });
    lines.push(
      `| ${mode} | ${wall.toFixed(2)} s | ${cpu.toFixed(1)} s (${sys.toFixed(1)} s) | ` +
        `${Math.round(rss).toLocaleString('en-US')} MiB | ` +
        `${Math.round(faults).toLocaleString('en-US')} | ${mb(outputBytes)} |`,
    );
  }
  const of = (mode: Mode) => figures.get(mode) as Figures;
  const inFaults = (figure: Figures) =>
    `${((figure.faults * faultCost.microseconds) / 1e6).toFixed(1)} s`;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const [cold, off, warm, edited, peerWarm, floor] = MODES.map(of) as [
    Figures,
    Figures,
    Figures,
    Figures,
    Figures,
    Figures,
  ];
  lines.push(
    '',
    `- second run, wall: ${ratio(warm.wall, peerWarm.wall)}x repomix's second run (target <= 0.5), ` +
      `${ratio(warm.wall, floor.wall)}x the floor (target <= 3)`,
    `- second run with one file edited, wall: ${ratio(edited.wall, peerWarm.wall)}x repomix's ` +
      `second run, ${ratio(edited.wall, floor.wall)}x the floor`,
    `- first run, wall: ${ratio(cold.wall, off.wall)}x repomix with its cache off (target <= 0.2); ` +
      `CPU ${ratio(cold.cpu, off.cpu)}x`,
    `- peak RSS: first run ${ratio(cold.rss, off.rss)}x, second run ${ratio(warm.rss, peerWarm.rss)}x ` +
      `repomix's (target <= 0.6)`,
    `- page faults at ${faultCost.microseconds.toFixed(1)} us each: first run ${inFaults(cold)} ` +
      `of its CPU, second run ${inFaults(warm)}; repomix ${inFaults(off)} (cache off), ` +
      `${inFaults(peerWarm)} (second run)`,
  );
  return lines;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { corpus: { type: 'string' }, runs: { type: 'string' }, format: { type: 'string' } },
    strict: true,
  });
  const names = (values.corpus ?? 'npm18,notebooks').split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(CORPUS_NAMES as readonly string[]).includes(name)) {
      throw new Error(`--corpus takes a comma list of ${CORPUS_NAMES.join(', ')}; got ${name}`);
    }
  }
  const format = (values.format ?? 'md') as Format;
  if (!Object.hasOwn(FORMATS, format)) {
    throw new Error(`--format takes one of ${Object.keys(FORMATS).join(', ')}; got ${format}`);
  }
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  await ensureGnuTime(log);
  const repomixBin = await ensureRepomix();
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  log(
    `node ${process.version}, ${os.availableParallelism()} cores, load ${load()}, ${new Date().toISOString()}`,
  );
  const faultCost = await measurePageFaultCost();
  log(`a minor page fault costs ${faultCost.microseconds.toFixed(1)} us of CPU here`);
  const report: string[] = [];
  for (const name of names) {
    const corpus = await ensureCorpus(name as CorpusName, log);
    const results = await benchCorpus(corpus, repomixBin, runs, format);
    report.push(...table(corpus, results, format, faultCost));
  }
  report.push('', `load average at the end: ${load()}`);
  for (const line of report) log(line);
  const file = path.join(
    OUT_DIR,
    `second-run-${new Date().toISOString().replace(/[:.]/g, '-')}.md`,
  );
  await writeFile(file, `${report.join('\n')}\n`);
  log(`\nwritten to ${path.relative(REPO_ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(`second-run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
