import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackHooks } from './pack.js';
import { pack } from './pack.js';

/**
 * By default the calling thread shares the file stage with one thread fewer than the cores; the
 * output is the same bytes as with any number of threads.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'repobundle-sharing-'));
  // Over the size packed on the calling thread alone (16 MB on two cores), in files small enough
  // for the calling thread to take some.
  for (let file = 0; file < 200; file++) {
    const lines = Array.from(
      { length: 1000 },
      (_, at) => `export const v${file}_${at} = "${'abcdefghij'.repeat(8)}";\n`,
    );
    await writeFile(join(dir, `f${String(file).padStart(3, '0')}.ts`), lines.join(''));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function packWith(hooks: PackHooks) {
  const counters: NonNullable<PackHooks['counters']> = { cachedFiles: 0 };
  const bundle = await pack(dir, { outputFormat: 'json' }, { counters, ...hooks });
  return { threads: counters.threadsStarted ?? 0, text: bundle.chunks.map((c) => c.text).join('') };
}

describe('the default file stage', () => {
  it('starts one thread fewer than the cores and writes what any thread count writes', async () => {
    const shared = await packWith({});
    expect(shared.threads).toBe(Math.max(1, availableParallelism() - 1));
    const alone = await packWith({ workers: 0 });
    expect(shared.text).toBe(alone.text);
    const twoThreads = await packWith({ workers: 2 });
    expect(twoThreads.threads).toBe(2);
    expect(shared.text).toBe(twoThreads.text);
  }, 120_000);
});
