import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileProcessor } from './file-processor.js';
import { createInlineProcessor, SHARED_FILE_BYTES } from './file-processor.js';
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

describe('the order of work', () => {
  it('starts the large files early, and the output keeps the source order', async () => {
    const folder = join(dir, 'order');
    await mkdir(folder);
    for (let file = 0; file < 30; file++) {
      await writeFile(
        join(folder, `a${String(file).padStart(2, '0')}.ts`),
        `export const a = ${file};\n`,
      );
    }
    const large = ['z0.ts', 'z1.ts', 'z2.ts'];
    for (const name of large) {
      await writeFile(join(folder, name), `// ${'x'.repeat(60)}\n`.repeat(SHARED_FILE_BYTES / 32));
    }
    const inline = createInlineProcessor();
    const started: string[] = [];
    const processor: FileProcessor = {
      ...inline,
      process(entry, ...rest) {
        started.push(entry.path);
        return inline.process(entry, ...rest);
      },
    };
    const bundle = await pack(folder, { outputFormat: 'txt' }, { processor });
    // Two lanes take the large files first: the first two started, though they come last.
    expect(started.slice(0, 2)).toEqual(large.slice(0, 2));
    expect(started).toHaveLength(33);
    const written = bundle.chunks.map((chunk) => chunk.text).join('');
    const positions = [...started].sort().map((path) => written.indexOf(path));
    expect(positions.every((at, i) => at > (positions[i - 1] ?? -1))).toBe(true);
  });
});
