import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../core/tokens/index.js';
import type { TokenCounter } from '../core/tokens/token-counter.js';
import { pack } from './pack.js';
import type { ResultCache } from './result-cache.js';
import { openCountMemo } from './stored-count-memo.js';

const o200k = await loadTokenCounter('o200k_base');

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'repobundle-count-memo-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** o200k_base, with every text it was asked to count recorded. */
function recording(): { counter: TokenCounter; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    counter: {
      encoding: o200k.encoding,
      count: (text) => {
        asked.push(text);
        return o200k.count(text);
      },
      countLines: (text) => o200k.countLines(text),
      fitPrefix: (text, max, after) => o200k.fitPrefix(text, max, after),
    },
  };
}

const texts = ['## src/a.ts\n\n```typescript\n', '\n```\n\n## src/b.ts\n', '=== c.txt ===\n'];

describe('the stored count memo', () => {
  it('gives the next run the counts this run made, without counting them again', () => {
    const cache: ResultCache = { dir: join(root, 'kept'), build: 'build-1' };
    const first = openCountMemo(cache, 'o200k_base');
    const counter = first.memo.wrap(o200k);
    const counts = texts.map((text) => counter.count(text));
    first.save();

    const { counter: base, asked } = recording();
    const next = openCountMemo(cache, 'o200k_base').memo.wrap(base);
    expect(texts.map((text) => next.count(text))).toEqual(counts);
    expect(asked).toEqual([]);
    expect(next.count('not counted before')).toBe(o200k.count('not counted before'));
    expect(asked).toEqual(['not counted before']);
  });

  it('is not shared by another build or another tokenizer', () => {
    const cache: ResultCache = { dir: join(root, 'builds'), build: 'build-1' };
    const first = openCountMemo(cache, 'o200k_base');
    texts.forEach((text) => first.memo.wrap(o200k).count(text));
    first.save();
    for (const [build, tokenizer] of [
      ['build-2', 'o200k_base'],
      ['build-1', 'cl100k_base'],
    ] as const) {
      const { counter: base, asked } = recording();
      const counter = openCountMemo({ ...cache, build }, tokenizer).memo.wrap(base);
      texts.forEach((text) => counter.count(text));
      expect(asked).toEqual(texts);
    }
  });

  it('writes nothing when the run made no count', async () => {
    const cache: ResultCache = { dir: join(root, 'unchanged'), build: 'build-1' };
    const first = openCountMemo(cache, 'o200k_base');
    texts.forEach((text) => first.memo.wrap(o200k).count(text));
    first.save();
    const [name] = await readdir(join(cache.dir, 'counts'));
    const file = join(cache.dir, 'counts', name as string);
    const written = (await stat(file)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = openCountMemo(cache, 'o200k_base');
    texts.forEach((text) => again.memo.wrap(o200k).count(text));
    again.save();
    expect((await stat(file)).mtimeMs).toBe(written);
  });

  it('counts everything again when its file is damaged', async () => {
    const cache: ResultCache = { dir: join(root, 'damaged'), build: 'build-1' };
    const first = openCountMemo(cache, 'o200k_base');
    texts.forEach((text) => first.memo.wrap(o200k).count(text));
    first.save();
    const [name] = await readdir(join(cache.dir, 'counts'));
    const file = join(cache.dir, 'counts', name as string);
    for (const damage of [
      Buffer.from('not a serialized map'),
      serialize(new Map(texts.map((text) => [text, 'seven']))),
      serialize(texts),
    ]) {
      await writeFile(file, damage);
      const { counter: base, asked } = recording();
      const counter = openCountMemo(cache, 'o200k_base').memo.wrap(base);
      expect(texts.map((text) => counter.count(text))).toEqual(texts.map((t) => o200k.count(t)));
      expect(asked).toEqual(texts);
    }
  });

  it('is kept by a pack with the result cache, and the second pack writes the same bundle', async () => {
    const dir = join(root, 'project');
    await mkdir(join(dir, 'src'), { recursive: true });
    // Enough for several chunks of the smallest limit.
    for (let i = 0; i < 80; i++) {
      const lines = Array.from(
        { length: 120 },
        (_, line) => `export const v${i}_${line} = ${line};`,
      );
      await writeFile(join(dir, 'src', `m${i}.ts`), `${lines.join('\n')}\n`);
    }
    const cache: ResultCache = { dir: join(root, 'pack-cache'), build: 'build-1' };
    const run = () =>
      pack(
        dir,
        { outputFormat: 'md', chunkingStrategy: 'fixed', tokenLimit: 32_000 },
        { cache, workers: 0, now: () => new Date(0) },
      );
    const first = await run();
    expect(first.chunks.length).toBeGreaterThan(2);
    expect(await readdir(join(cache.dir, 'counts'))).toHaveLength(1);
    const second = await run();
    const texts = (bundle: typeof first) => bundle.chunks.map((chunk) => chunk.text);
    expect(texts(second)).toEqual(texts(first));
    expect(second.chunks.map((chunk) => chunk.tokens)).toEqual(
      first.chunks.map((chunk) => chunk.tokens),
    );
  });
});
