import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStageOptions, resolveOptions } from '../config/options.js';
import type { FileOutcome } from '../core/process-file.js';
import type { SourceEntry } from '../core/types.js';
import type { FileProcessor } from './file-processor.js';
import { shareWithThisThread } from './file-processor.js';
import { TASKS_PER_WORKER } from './worker-pool.js';

/**
 * The calling thread as one more lane of the file stage: files go to the threads while they have
 * room, and are processed here, as a thread would, once they are full.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'repobundle-share-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const options = fileStageOptions(resolveOptions({}));

/** A pool whose answers wait until the test releases them; it records what it was given. */
function heldPool() {
  const given: string[] = [];
  const waiting: Array<() => void> = [];
  const pool: FileProcessor = {
    process(entry) {
      given.push(entry.path);
      return new Promise<FileOutcome>((resolve) => {
        waiting.push(() =>
          resolve({
            ok: false,
            skipped: { path: entry.path, reason: { kind: 'binary', by: 'content' } },
          }),
        );
      });
    },
    countTexts: () => Promise.reject(new Error('not used')),
    measure: () => Promise.reject(new Error('not used')),
    warmUp() {},
    flush: async () => {},
    threadsStarted: () => 1,
    close: async () => {},
  };
  const releaseAll = async () => {
    for (const release of waiting.splice(0)) release();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { pool, given, releaseAll };
}

/** A file on disk with a location, whose read() must not be used: threads read locations. */
async function locatedEntry(name: string, text: string): Promise<SourceEntry> {
  const file = join(root, name);
  await writeFile(file, text);
  return {
    path: name,
    size: Buffer.byteLength(text),
    read: () => Promise.reject(new Error(`${name} was read without its location`)),
    location: { kind: 'file', file },
  };
}

describe('shareWithThisThread', () => {
  it('gives the threads what they take at once, and processes the rest here', async () => {
    const { pool, given, releaseAll } = heldPool();
    const shared = shareWithThisThread(pool, 1);
    const entries = await Promise.all(
      Array.from({ length: TASKS_PER_WORKER + 2 }, (_, i) =>
        locatedEntry(`f${i}.ts`, `export const v${i} = ${i};\n`),
      ),
    );
    const outcomes = entries.map((entry) => shared.process(entry, options));
    // The last two were processed here (the threads were full), without waiting for them.
    const here = await Promise.all(outcomes.slice(TASKS_PER_WORKER));
    expect(given).toEqual(entries.slice(0, TASKS_PER_WORKER).map((entry) => entry.path));
    expect(here.map((outcome) => outcome.ok && outcome.file.content)).toEqual([
      `export const v${TASKS_PER_WORKER} = ${TASKS_PER_WORKER};\n`,
      `export const v${TASKS_PER_WORKER + 1} = ${TASKS_PER_WORKER + 1};\n`,
    ]);
    // Once the threads answer, they have room again.
    await releaseAll();
    await Promise.all(outcomes);
    const later = await locatedEntry('later.ts', 'export const later = 1;\n');
    void shared.process(later, options);
    expect(given.at(-1)).toBe('later.ts');
    await releaseAll();
  });

  it('gives the threads a large file or a known result even when they are full', async () => {
    const { pool, given, releaseAll } = heldPool();
    const shared = shareWithThisThread(pool, 1);
    const small = await Promise.all(
      Array.from({ length: TASKS_PER_WORKER }, (_, i) => locatedEntry(`s${i}.ts`, `// ${i}\n`)),
    );
    const pending = small.map((entry) => shared.process(entry, options));
    const large = await locatedEntry('large.ts', `${'// a line of a large file\n'.repeat(12_000)}`);
    pending.push(shared.process(large, options));
    const known = await locatedEntry('known.ts', '// known\n');
    const cache = { dir: join(root, 'cache'), build: 'test' };
    pending.push(shared.process(known, options, cache, 'a'.repeat(64)));
    expect(given.slice(TASKS_PER_WORKER)).toEqual(['large.ts', 'known.ts']);
    await releaseAll();
    await Promise.all(pending);
  });

  it('prices lines in a format that escapes content, as a thread does', async () => {
    const { pool, releaseAll } = heldPool();
    const shared = shareWithThisThread(pool, 1);
    const fill = await Promise.all(
      Array.from({ length: TASKS_PER_WORKER }, (_, i) => locatedEntry(`p${i}.ts`, `// ${i}\n`)),
    );
    const pending = fill.map((entry) => shared.process(entry, options));
    const quoted = await locatedEntry('quoted.ts', 'const s = "a \\"quoted\\" word";\n');
    const outcome = await shared.process(quoted, options, undefined, undefined, 'json');
    expect(outcome.ok && outcome.file.linePrices?.format).toBe('json');
    expect(outcome.ok && outcome.file.linePrices?.prices.length).toBeGreaterThan(0);
    await releaseAll();
    await Promise.all(pending);
  });
});
