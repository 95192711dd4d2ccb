import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../core/tokens/index.js';
import { recordingCounter } from '../core/tokens/test-support/recording-counter.js';
import { MEMO_CHARS } from '../core/tokens/count-memo.js';
import type { FileProcessor } from './file-processor.js';
import { createInlineProcessor } from './file-processor.js';
import { pack } from './pack.js';
import type { ResultCache } from './result-cache.js';
import { linePriceDigest } from './line-price-digest.js';
import { openCountMemo, openLinePriceMemo } from './stored-count-memo.js';

const o200k = await loadTokenCounter('o200k_base');

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'repobundle-count-memo-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const recording = () => recordingCounter(o200k);

const texts = ['## src/a.ts\n\n```typescript\n', '\n```\n\n## src/b.ts\n', '=== c.txt ===\n'];

/** Counts `texts` with a fresh memo of `cache` and saves it; the memo's file. */
async function storeCounts(cache: ResultCache): Promise<string> {
  const stored = openCountMemo(cache, 'o200k_base');
  const counter = stored.memo.wrap(o200k);
  texts.forEach((text) => counter.count(text));
  stored.save();
  const [name] = await readdir(join(cache.dir, 'counts'));
  return join(cache.dir, 'counts', name as string);
}

describe('the stored count memo', () => {
  it('gives the next run the counts this run made, without counting them again', async () => {
    const cache: ResultCache = { dir: join(root, 'kept'), build: 'build-1' };
    await storeCounts(cache);
    const { counter: base, asked } = recording();
    const next = openCountMemo(cache, 'o200k_base').memo.wrap(base);
    expect(texts.map((text) => next.count(text))).toEqual(texts.map((t) => o200k.count(t)));
    expect(asked).toEqual([]);
    expect(next.count('not counted before')).toBe(o200k.count('not counted before'));
    expect(asked).toEqual(['not counted before']);
  });

  it('is not shared by another build or another tokenizer', async () => {
    const cache: ResultCache = { dir: join(root, 'builds'), build: 'build-1' };
    await storeCounts(cache);
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
    const file = await storeCounts(cache);
    const written = (await stat(file)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = openCountMemo(cache, 'o200k_base');
    texts.forEach((text) => again.memo.wrap(o200k).count(text));
    again.save();
    expect((await stat(file)).mtimeMs).toBe(written);
  });

  it('counts everything again when its file is damaged', async () => {
    const cache: ResultCache = { dir: join(root, 'damaged'), build: 'build-1' };
    const file = await storeCounts(cache);
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

  it('spares a second pack counting again the chunks it counts whole', async () => {
    const dir = join(root, 'structured');
    await mkdir(dir, { recursive: true });
    // A structured format escapes content, so each of its chunks is counted whole.
    for (let i = 0; i < 3; i++) {
      const lines = Array.from({ length: 4_000 }, (_, line) => `let w${i}_${line} = "${line}";`);
      await writeFile(join(dir, `part-${i}.js`), `${lines.join('\n')}\n`);
    }
    const cache: ResultCache = { dir: join(root, 'cut-cache'), build: 'build-1' };
    const run = async () => {
      const counted: string[] = [];
      const inline = createInlineProcessor();
      const processor: FileProcessor = {
        ...inline,
        countTexts: (texts, encoding) => {
          counted.push(...texts);
          return inline.countTexts(texts, encoding);
        },
      };
      const bundle = await pack(
        dir,
        { outputFormat: 'json', chunkingStrategy: 'fixed', tokenLimit: 32_000 },
        { cache, processor, now: () => new Date(0) },
      );
      return { bundle, counted };
    };
    const first = await run();
    expect(first.counted.filter((text) => text.length > MEMO_CHARS).length).toBeGreaterThan(0);
    const second = await run();
    expect(second.counted).toEqual([]);
    expect(second.bundle.chunks.map((chunk) => [chunk.text, chunk.tokens])).toEqual(
      first.bundle.chunks.map((chunk) => [chunk.text, chunk.tokens]),
    );
  });
});

describe('the stored line price memo', () => {
  const never = () => {
    throw new Error('priced again');
  };

  it('gives the next run the prices this run made, by format, build and tokenizer', async () => {
    const cache: ResultCache = { dir: join(root, 'prices'), build: 'build-1' };
    const first = openLinePriceMemo(cache, 'o200k_base');
    first.memo.recall('json', 'a\nb\n', () => Uint32Array.from([0, 3, 6]));
    first.save();
    const next = openLinePriceMemo(cache, 'o200k_base').memo;
    expect(next.recall('json', 'a\nb\n', never)).toEqual(Uint32Array.from([0, 3, 6]));
    const priced: string[] = [];
    const price = (label: string) => () => {
      priced.push(label);
      return Uint32Array.from([0, 1, 2]);
    };
    next.recall('xml', 'a\nb\n', price('another format'));
    openLinePriceMemo({ ...cache, build: 'build-2' }, 'o200k_base').memo.recall(
      'json',
      'a\nb\n',
      price('another build'),
    );
    openLinePriceMemo(cache, 'cl100k_base').memo.recall(
      'json',
      'a\nb\n',
      price('another tokenizer'),
    );
    expect(priced).toEqual(['another format', 'another build', 'another tokenizer']);
  });

  it('prices everything again when its file is damaged', async () => {
    const cache: ResultCache = { dir: join(root, 'damaged-prices'), build: 'build-1' };
    const stored = openLinePriceMemo(cache, 'o200k_base');
    stored.memo.recall('json', 'text\n', () => Uint32Array.from([0, 2]));
    stored.save();
    const [name] = await readdir(join(cache.dir, 'prices'));
    const file = join(cache.dir, 'prices', name as string);
    for (const damage of [
      Buffer.from('not a serialized map'),
      serialize(new Map([['key', [0, 2]]])),
      serialize([Uint32Array.from([0, 2])]),
    ]) {
      await writeFile(file, damage);
      let priced = 0;
      openLinePriceMemo(cache, 'o200k_base').memo.recall('json', 'text\n', () => {
        priced++;
        return Uint32Array.from([0, 2]);
      });
      expect(priced).toBe(1);
    }
  });

  it('spares a second pack in an escaping format pricing its lines again', async () => {
    const dir = join(root, 'priced');
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < 3; i++) {
      const lines = Array.from({ length: 2_000 }, (_, line) => `let p${i}_${line} = "${line}";`);
      await writeFile(join(dir, `part-${i}.js`), `${lines.join('\n')}\n`);
    }
    const cache: ResultCache = { dir: join(root, 'price-cache'), build: 'build-1' };
    const run = (outputFormat: 'json' | 'md') =>
      pack(
        dir,
        { outputFormat, chunkingStrategy: 'fixed', tokenLimit: 32_000 },
        { cache, workers: 0, now: () => new Date(0) },
      );
    // A verbatim format prices lines from the file stage's counts: nothing is kept.
    await run('md');
    await expect(readdir(join(cache.dir, 'prices'))).rejects.toThrow();
    const first = await run('json');
    const [name] = await readdir(join(cache.dir, 'prices'));
    const file = join(cache.dir, 'prices', name as string);
    const written = (await stat(file)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await run('json');
    // The file is written only by a run that priced a text it did not find there.
    expect((await stat(file)).mtimeMs).toBe(written);
    expect(second.chunks.map((chunk) => [chunk.text, chunk.tokens])).toEqual(
      first.chunks.map((chunk) => [chunk.text, chunk.tokens]),
    );
  });

  it('keeps prices made on the threads under the key a later run looks them up by', async () => {
    const dir = join(root, 'priced-on-threads');
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < 4; i++) {
      const lines = Array.from({ length: 500 }, (_, line) => `<p${i}> & "${line}"\r`);
      await writeFile(join(dir, `part-${i}.xml`), `${lines.join('\n')}\n`);
    }
    const cache: ResultCache = { dir: join(root, 'threads-price-cache'), build: 'build-1' };
    const options = { outputFormat: 'xml', chunkingStrategy: 'fixed', tokenLimit: 32_000 } as const;
    const first = await pack(dir, options, { cache, workers: 2, now: () => new Date(0) });
    for (const file of first.files) {
      expect(file.linePrices?.key).toBe(linePriceDigest('xml', file.content));
    }
    const [name] = await readdir(join(cache.dir, 'prices'));
    const file = join(cache.dir, 'prices', name as string);
    const written = (await stat(file)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Results from the cache carry no prices: the chunk stage looks each file's up by its text.
    const second = await pack(dir, options, { cache, workers: 0, now: () => new Date(0) });
    expect(second.files.every((file) => file.linePrices === undefined)).toBe(true);
    expect((await stat(file)).mtimeMs).toBe(written);
    expect(second.chunks.map((chunk) => chunk.text)).toEqual(
      first.chunks.map((chunk) => chunk.text),
    );
  });
});
