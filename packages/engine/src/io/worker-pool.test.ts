import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const poolModule = pathToFileURL(new URL('./worker-pool.ts', import.meta.url).pathname).href;

/**
 * The pool is driven from a process of its own: whether Node keeps running while a promise is
 * pending depends on what holds the event loop, which a test runner's own handles would hide.
 */
describe('WorkerPool in a process of its own', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-pool-'));
    await writeFile(
      join(dir, 'echo-worker.mjs'),
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, message }) => parentPort.postMessage({ id, message: message + '!' }));
`,
    );
    // Writes each message and its thread to a file as it handles it.
    await writeFile(
      join(dir, 'marking-worker.mjs'),
      `import { appendFileSync } from 'node:fs';
import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', ({ id, message }) => {
  appendFileSync(${JSON.stringify(join(dir, 'marks'))}, message + ' ' + threadId + '\\n');
  parentPort.postMessage({ id, message });
});
`,
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function drive(body: string, worker = 'echo-worker.mjs'): Promise<string> {
    const driver = join(dir, `driver-${Math.random().toString(36).slice(2)}.mts`);
    await writeFile(
      driver,
      `import { WorkerPool } from ${JSON.stringify(poolModule)};
const pool = new WorkerPool(new URL(${JSON.stringify(pathToFileURL(join(dir, worker)).href)}), 2);
${body}
`,
    );
    const { stdout } = await run(process.execPath, ['--import', 'tsx', driver], {
      cwd: new URL('../../', import.meta.url).pathname,
    });
    return stdout;
  }

  it('keeps the process alive until close() has stopped idle workers', async () => {
    const stdout = await drive(`
const answer = await pool.run('hello');
await pool.close();
process.stdout.write(answer + ' closed');
`);
    expect(stdout).toBe('hello! closed');
  });

  it('keeps the process alive while closing a worker whose answer is still on its way', async () => {
    // The main thread is busy while the worker answers, so the answer arrives after close().
    const stdout = await drive(`
pool.run('late').catch(() => undefined);
const started = Date.now();
while (Date.now() - started < 500) {}
await pool.close();
process.stdout.write('closed');
`);
    expect(stdout).toBe('closed');
  });

  it('runs a request once on every thread started, after the tasks each was given', async () => {
    await drive(
      `
await Promise.all(['a', 'b', 'c', 'd'].map((task) => pool.run(task)));
pool.run('e');
await pool.runOnEach('flush');
await pool.close();
await pool.runOnEach('after close');
`,
      'marking-worker.mjs',
    );
    const marks = (await readFile(join(dir, 'marks'), 'utf8')).trim().split('\n');
    const flushed = marks.filter((line) => line.startsWith('flush '));
    // Both threads, each once, and the task given before reached its thread first.
    expect(new Set(flushed).size).toBe(2);
    expect(flushed).toHaveLength(2);
    const threadOfE = marks.find((line) => line.startsWith('e '))?.split(' ')[1];
    expect(marks.indexOf(`e ${threadOfE}`)).toBeLessThan(marks.indexOf(`flush ${threadOfE}`));
    expect(marks.some((line) => line.startsWith('after close'))).toBe(false);
  });

  it('lets a process with only idle workers end on its own', async () => {
    const stdout = await drive(`
await pool.run('a');
process.stdout.write('done');
`);
    expect(stdout).toBe('done');
  });
});
