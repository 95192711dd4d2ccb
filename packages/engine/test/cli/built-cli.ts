import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The launcher people run; it loads the compiled, bundled CLI, so these tests need `npm run build`. */
export const CLI = fileURLToPath(new URL('../../bin/repobundle.js', import.meta.url));
const BUILT = fileURLToPath(new URL('../../dist/bundle/main.js', import.meta.url));

export function assertBuilt(): void {
  if (!existsSync(BUILT)) {
    throw new Error('the engine is not built: run `npm run build` before these tests');
  }
}

/** A written bundle (the overview and every chunk) as one digest over its file names and bytes. */
export async function digestOf(out: string): Promise<string> {
  const hash = createHash('sha256');
  const names = [
    ...(await readdir(out)).filter((name) => name !== 'chunks'),
    ...(await readdir(join(out, 'chunks'))).map((name) => join('chunks', name)),
  ].sort();
  for (const name of names) {
    hash
      .update(name)
      .update('\0')
      .update(await readFile(join(out, name)));
  }
  return hash.digest('hex');
}

let cacheDir: string | undefined;

/** One result cache for the CLI runs of this test file, removed when the process exits. */
export function testCacheDir(): string {
  if (cacheDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'repobundle-test-cache-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    cacheDir = dir;
  }
  return cacheDir;
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly env?: Readonly<Record<string, string>>;
  /** Written to the CLI's stdin, which is then closed (default: closed at once). */
  readonly input?: string | Buffer;
}

/** Runs the built CLI as a child process, as a person or a script would. */
export function runCli(
  args: readonly string[],
  envOrOptions: Readonly<Record<string, string>> | RunOptions = {},
): Promise<CliRun> {
  const options: RunOptions =
    'env' in envOrOptions || 'input' in envOrOptions
      ? (envOrOptions as RunOptions)
      : { env: envOrOptions as Record<string, string> };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      // The result cache of these runs, not the user's (a test may name its own).
      env: { ...process.env, CACHE_DIR: testCacheDir(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (data: Buffer) => stdout.push(data));
    child.stderr.on('data', (data: Buffer) => stderr.push(data));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code: code ?? (signal ? 128 : -1),
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** Runs `tasks` with at most `limit` at once, results in order. */
export async function inTurns<T>(
  tasks: readonly (() => Promise<T>)[],
  limit: number,
): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}
