/**
 * `npm run bench`: builds the corpora, times `repobundle pack` against repomix on each, checks our
 * token totals against tiktoken, and runs the tokenizer benchmark. Flags pick parts (see USAGE).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { USAGE, parseBenchArgs } from './args.js';
import type { BenchArgs } from './args.js';
import { measureTool } from './compare.js';
import { ensureCorpus } from './corpora.js';
import type { Corpus } from './corpora.js';
import { countExactly, formatExactCount, overviewPath } from './exact-count.js';
import type { ExactCount } from './exact-count.js';
import {
  diffFileSets,
  formatFileSetDiff,
  readOverviewPaths,
  readRepomixPaths,
} from './file-sets.js';
import { ensureGnuTime } from './measure.js';
import { OUT_DIR, REPO_ROOT, TOKENIZER_SCRIPT } from './paths.js';
import { formatCorpusTable, formatRatios, formatThroughput } from './report.js';
import type { ToolResult } from './report.js';
import { TOOLS } from './tools.js';

const log = (line: string): void => console.log(line);
/** Tool runs that failed or gave no figures; any makes the bench exit non-zero. */
const failures: string[] = [];

interface CorpusOutcome {
  readonly corpus: Corpus;
  readonly results: ToolResult[];
  exact?: ExactCount;
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseBenchArgs(argv);
  if (args.help) return log(USAGE);
  await mkdir(OUT_DIR, { recursive: true });
  log(describeMachine());
  const outcomes: CorpusOutcome[] = [];
  for (const name of args.corpora) {
    const corpus = await ensureCorpus(name, log);
    log(
      `corpus ${name}: ${corpus.files} files, ${(corpus.bytes / 1e6).toFixed(1)} MB ` +
        `(${(corpus.bytesUnderCap / 1e6).toFixed(1)} MB in files under the 5 MB cap) ` +
        `(${corpus.packages.join(', ')}; pruned ${corpus.prunedFolders} folders, ${corpus.prunedFiles} files)`,
    );
    outcomes.push({ corpus, results: [] });
  }
  if (args.steps.includes('pack')) await ensureGnuTime(log);
  for (const outcome of outcomes) {
    if (args.steps.includes('pack')) await runPack(outcome, args);
    if (args.steps.includes('exact')) await runExact(outcome);
  }
  if (args.steps.includes('tokenizer')) await runTokenizer();
  if (outcomes.some((o) => o.results.length > 0)) {
    log('\nThroughput (flat across sizes = time grows linearly)');
    log(
      formatThroughput(
        outcomes.map((o) => ({
          name: o.corpus.name,
          bytes: o.corpus.bytesUnderCap,
          results: o.results,
        })),
      ),
    );
  }
  const file = path.join(OUT_DIR, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ machine: describeMachine(), args, outcomes }, null, 2)}\n`,
  );
  log(`\nresults written to ${path.relative(REPO_ROOT, file)}`);
  if (failures.length > 0) {
    log(`failed: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

async function runPack(outcome: CorpusOutcome, args: BenchArgs): Promise<void> {
  const { corpus } = outcome;
  log(
    `\n== ${corpus.name}: pack (${args.warmup ? '1 warm-up + ' : ''}${args.runs} timed runs, medians)`,
  );
  for (const id of args.tools) {
    const result = await measureTool(TOOLS[id], corpus, {
      runs: args.runs,
      warmup: args.warmup,
      log,
    });
    if (result) outcome.results.push(result);
    else failures.push(`${TOOLS[id].label} on ${corpus.name}`);
  }
  if (outcome.results.length > 0) log(formatCorpusTable(outcome.results));
  for (const result of outcome.results.filter((r) => !r.figures.tokensComplete)) {
    log(`  ${result.tool}: tokens is a lower bound (its token tree hides folders named _*)`);
  }
  const peer = outcome.results.find((r) => r.tool === TOOLS.repomix.label);
  const ours = outcome.results.find((r) => r.tool === TOOLS.repobundle.label);
  for (const result of outcome.results.filter((r) => r !== peer)) {
    if (peer) log(formatRatios(result, peer));
  }
  if (ours && peer) await explainFileCounts(ours, peer);
}

async function explainFileCounts(ours: ToolResult, peer: ToolResult): Promise<void> {
  try {
    const diff = diffFileSets(
      await readOverviewPaths(overviewPath(ours.figures.output)),
      await readRepomixPaths(peer.figures.output),
    );
    for (const line of formatFileSetDiff(diff, ours.tool, peer.tool)) log(line);
  } catch (error) {
    log(`  file sets not compared: ${(error as Error).message}`);
  }
}

/** Our totals come from this invocation's pack step, or from one untimed run of our CLI. */
async function runExact(outcome: CorpusOutcome): Promise<void> {
  const { corpus } = outcome;
  log(`\n== ${corpus.name}: exact token count`);
  const ours =
    outcome.results.find((r) => r.tool === TOOLS.repobundle.label) ??
    (await measureTool(TOOLS.repobundle, corpus, { runs: 1, warmup: false, log }));
  if (!ours) {
    failures.push(`exact count on ${corpus.name}`);
    return log('  skipped: no figures from repobundle');
  }
  outcome.exact = await countExactly(corpus.dir, overviewPath(ours.figures.output));
  for (const line of formatExactCount(corpus.name, ours.figures, outcome.exact)) log(line);
}

/**
 * bench/tokenizer.ts (another engineer's) measures the counters on its own fixed set of files,
 * so it runs once, not per corpus; its only argument is the encoding.
 */
async function runTokenizer(): Promise<void> {
  log('\n== tokenizer (bench/tokenizer.ts)');
  if (!existsSync(TOKENIZER_SCRIPT)) return log('  skipped: bench/tokenizer.ts does not exist yet');
  const child = spawn(process.execPath, ['--import', 'tsx', TOKENIZER_SCRIPT, 'o200k_base'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  if (code !== 0) log(`  bench/tokenizer.ts exited with ${code}`);
}

function describeMachine(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `node ${process.version}, ${os.availableParallelism()} cores, load ${load}, ${new Date().toISOString()}`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
