import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { watchTreeRss } from './process-tree-rss.js';

const GNU_TIME = '/usr/bin/time';
const run = promisify(execFile);

/** One run of a command, as the operating system saw it. */
export interface Sample {
  readonly wallS: number;
  /** User + system CPU of the process, all its threads and every child it waited for. */
  readonly cpuS: number;
  /** Of cpuS, the time spent in the kernel (page faults, reads and writes, thread hand-offs). */
  readonly sysS: number;
  /** The larger of GNU time's max RSS (largest single process) and the sampled tree total. */
  readonly peakRssMb: number;
  /**
   * Pages the kernel had to map on first touch (GNU time's minor faults): most of sysS on a
   * virtual machine, where each costs several microseconds (see page-fault-cost.ts).
   */
  readonly minorFaults: number;
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CommandSpec {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** GNU time, from Debian's `time` package; installed on first use when absent (needs root). */
export async function ensureGnuTime(log: (line: string) => void): Promise<void> {
  if (existsSync(GNU_TIME)) return;
  log('GNU time is missing: installing the Debian package `time`');
  await run('apt-get', ['update', '-qq']).catch(() => undefined);
  await run('apt-get', ['install', '-y', '-qq', 'time']);
  if (!existsSync(GNU_TIME))
    throw new Error(`${GNU_TIME} is still missing after apt-get install time`);
}

/** Runs the command once under GNU time while sampling the process tree's memory. */
export async function measureOnce(spec: CommandSpec): Promise<Sample> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'repobundle-bench-'));
  const timeFile = path.join(scratch, 'time.txt');
  try {
    const started = process.hrtime.bigint();
    const child = spawn(
      GNU_TIME,
      ['-f', '%e %U %S %M %R', '-o', timeFile, spec.command, ...spec.args],
      {
        cwd: spec.cwd,
        env: spec.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const watcher = watchTreeRss(child.pid ?? -1);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const exitCode = await new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code ?? 1));
    });
    const wallS = Number(process.hrtime.bigint() - started) / 1e9;
    const treePeakBytes = watcher.stop();
    const timed = parseGnuTime(await readFile(timeFile, 'utf8'));
    return {
      wallS,
      cpuS: timed.userS + timed.sysS,
      sysS: timed.sysS,
      peakRssMb: Math.max(timed.maxRssKb * 1024, treePeakBytes) / (1024 * 1024),
      minorFaults: timed.minorFaults,
      exitCode,
      stdout: Buffer.concat(stdout).toString('utf8'),
      stderr: Buffer.concat(stderr).toString('utf8'),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Parses the `-f '%e %U %S %M %R'` line. When the command fails GNU time writes a
 * "Command exited with non-zero status" line first; the figures are on the last line.
 */
export function parseGnuTime(text: string): {
  wallS: number;
  userS: number;
  sysS: number;
  maxRssKb: number;
  minorFaults: number;
} {
  const lines = text.trim().split('\n');
  const fields = (lines[lines.length - 1] ?? '').trim().split(/\s+/).map(Number);
  if (fields.length !== 5 || fields.some((value) => !Number.isFinite(value))) {
    throw new Error(`unexpected GNU time output: ${JSON.stringify(text)}`);
  }
  const [wallS, userS, sysS, maxRssKb, minorFaults] = fields as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { wallS, userS, sysS, maxRssKb, minorFaults };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Medians of each figure over the measured runs (each figure on its own). */
export interface Summary {
  readonly runs: number;
  readonly wallS: number;
  readonly cpuS: number;
  readonly peakRssMb: number;
}

export function summarize(samples: readonly Sample[]): Summary {
  return {
    runs: samples.length,
    wallS: median(samples.map((s) => s.wallS)),
    cpuS: median(samples.map((s) => s.cpuS)),
    peakRssMb: median(samples.map((s) => s.peakRssMb)),
  };
}
