import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStageOptions } from '../config/options.js';
import { fileStageOptions, resolveOptions } from '../config/options.js';
import type { ResultCache } from './result-cache.js';
import { createInlineProcessor, createPooledProcessor } from './file-processor.js';
import { cachedByDigest } from './process-file-task.js';
import { packTree } from './pack.js';
import type { FileOutcome } from '../core/process-file.js';
import type { FileProcessor } from './file-processor.js';
import type { SourceTree } from '../core/types.js';
import { PACKS_FOLDER, PackStore } from './result-packs.js';
import {
  cacheKey,
  contentDigest,
  evictResultCacheInBackground,
  readCachedOutcome,
} from './result-cache.js';

const cache: ResultCache = { dir: '/unused', build: 'test-build' };
const bytes = new TextEncoder().encode('export const a = 1;\n');
const keyWith = (options: Parameters<typeof resolveOptions>[0]) =>
  cacheKey(cache, 'src/a.ts', contentDigest(bytes), fileStageOptions(resolveOptions(options)));

describe('the result cache key', () => {
  it('is shared by chunking strategies that do not read the syntax', () => {
    expect(keyWith({ chunkingStrategy: 'fixed' })).toBe(
      keyWith({ chunkingStrategy: 'file_based' }),
    );
    expect(keyWith({ chunkingStrategy: 'semantic' })).toBe(keyWith({ chunkingStrategy: 'auto' }));
  });

  it('holds the file name, not its folders: copies of a file share one result', () => {
    const options = fileStageOptions(resolveOptions({}));
    const digest = contentDigest(bytes);
    expect(cacheKey(cache, 'copy-2/src/a.ts', digest, options)).toBe(
      cacheKey(cache, 'src/a.ts', digest, options),
    );
    expect(cacheKey(cache, 'a.ts', digest, options)).toBe(
      cacheKey(cache, 'src/a.ts', digest, options),
    );
    // The name decides the language (and so comment syntax, notebook handling, secret rules).
    expect(cacheKey(cache, 'src/a.js', digest, options)).not.toBe(
      cacheKey(cache, 'src/a.ts', digest, options),
    );
  });

  it('differs when the file stage would give another result', () => {
    expect(keyWith({ chunkingStrategy: 'semantic' })).not.toBe(
      keyWith({ chunkingStrategy: 'file_based' }),
    );
    expect(keyWith({ removeComments: true })).not.toBe(keyWith({}));
    expect(keyWith({ encoding: 'cl100k_base' })).not.toBe(keyWith({ encoding: 'o200k_base' }));
  });
});

describe('evictResultCacheInBackground', () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  async function entry(root: string, name: string, size: number, usedSecondsAgo: number) {
    const shard = join(root, name.slice(0, 2));
    await mkdir(shard, { recursive: true });
    const path = join(shard, name);
    await writeFile(path, Buffer.alloc(size));
    const when = Date.now() / 1000 - usedSecondsAgo;
    await utimes(path, when, when);
  }

  it('removes the least recently used entries until the rest fit', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-evict-'));
    await entry(dir, 'aa-oldest', 400, 300);
    await entry(dir, 'ab-old', 400, 200);
    await entry(dir, 'ba-recent', 400, 100);
    await entry(dir, 'bb-newest', 400, 0);

    expect(await evictResultCacheInBackground(dir, 900)).toEqual({ removed: 2, kept: 2 });
    const left = [...(await readdir(join(dir, 'aa'))), ...(await readdir(join(dir, 'ab')))];
    expect(left).toEqual([]);
    expect(await readdir(join(dir, 'ba'))).toEqual(['ba-recent']);
    expect(await readdir(join(dir, 'bb'))).toEqual(['bb-newest']);
  });

  it('bounds the caches of every subfolder together when nested', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-evict-'));
    await entry(join(dir, 'account-a'), 'aa-oldest', 400, 300);
    await entry(join(dir, 'account-b'), 'ab-old', 400, 200);
    await entry(join(dir, 'account-a'), 'ba-recent', 400, 100);
    await entry(join(dir, 'account-b'), 'bb-newest', 400, 0);

    expect(await evictResultCacheInBackground(dir, 900, { nested: true })).toEqual({
      removed: 2,
      kept: 2,
    });
    expect(await readdir(join(dir, 'account-a', 'aa'))).toEqual([]);
    expect(await readdir(join(dir, 'account-b', 'ab'))).toEqual([]);
    expect(await readdir(join(dir, 'account-a', 'ba'))).toEqual(['ba-recent']);
  });

  it('leaves a cache within its size alone, and a missing folder is empty', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-evict-'));
    await entry(dir, 'aa-one', 100, 10);
    expect(await evictResultCacheInBackground(dir, 1000)).toEqual({ removed: 0, kept: 1 });
    expect(await evictResultCacheInBackground(join(dir, 'none'), 1000)).toEqual({
      removed: 0,
      kept: 0,
    });
  });
});

describe('results found by a known content digest', () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('are served without the bytes, and a wrong digest never stores a result under it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-digest-'));
    const store: ResultCache = { dir, build: 'test-build' };
    const options = fileStageOptions(resolveOptions({}));
    const wrong = contentDigest(new TextEncoder().encode('other bytes'));
    const entry = { path: 'src/a.ts', size: bytes.length, read: async () => bytes.slice() };
    const first = await createInlineProcessor().process(entry, options, store, wrong);
    expect(first).toMatchObject({ ok: true, digest: contentDigest(bytes) });
    expect(first).not.toHaveProperty('unread');
    expect(cachedByDigest(store, 'src/a.ts', wrong, options)).toBeUndefined();
    expect(
      readCachedOutcome(store, cacheKey(store, 'src/a.ts', wrong, options), 'src/a.ts'),
    ).toBeUndefined();

    const found = cachedByDigest(store, 'src/a.ts', contentDigest(bytes), options);
    expect(found).toMatchObject({ ok: true, cached: true, unread: true });
    expect(found?.ok && found.file.content).toBe('export const a = 1;\n');
  });
});

describe('copies of a file in other folders', () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  const options = fileStageOptions(resolveOptions({}));
  const entryAt = (path: string, content: Uint8Array = bytes) => ({
    path,
    size: content.length,
    read: async () => content.slice(),
  });

  it('read the result stored for the first copy, under their own path', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-copies-'));
    const store: ResultCache = { dir, build: 'test-build' };
    const first = await createInlineProcessor().process(entryAt('copy-1/src/a.ts'), options, store);
    expect(first).toMatchObject({ ok: true, file: { path: 'copy-1/src/a.ts' } });
    expect(first).not.toHaveProperty('cached');

    const copy = await createInlineProcessor().process(entryAt('copy-2/src/a.ts'), options, store);
    expect(copy).toMatchObject({ ok: true, cached: true, file: { path: 'copy-2/src/a.ts' } });
    const known = cachedByDigest(store, 'copy-3/a.ts', contentDigest(bytes), options);
    expect(known).toMatchObject({ ok: true, unread: true, file: { path: 'copy-3/a.ts' } });
    // Another name is another file, even with the same bytes.
    const renamed = await createInlineProcessor().process(
      entryAt('copy-2/src/a.js'),
      options,
      store,
    );
    expect(renamed).toMatchObject({
      ok: true,
      file: { path: 'copy-2/src/a.js', language: 'javascript' },
    });
    expect(renamed).not.toHaveProperty('cached');
  });

  it('are processed once in a run whose digests are known', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-copies-'));
    const store: ResultCache = { dir, build: 'test-build' };
    const other = new TextEncoder().encode('export const b = 2;\n');
    const files: [string, Uint8Array][] = [
      ['copy-1/a.ts', bytes],
      ['copy-1/b.ts', other],
      ['copy-2/a.ts', bytes],
      ['copy-2/b.ts', other],
      ['copy-3/a.ts', bytes],
      ['copy-3/b.js', other],
    ];
    const tree: SourceTree = {
      name: 'copies',
      kind: 'memory',
      entries: files.map(([path, content]) => entryAt(path, content)),
      close: async () => undefined,
    };
    const inline = createInlineProcessor();
    const processed: string[] = [];
    const processor: FileProcessor = {
      ...inline,
      process: (entry, ...rest): Promise<FileOutcome> => {
        processed.push(entry.path);
        return inline.process(entry, ...rest);
      },
    };
    const digests = new Map(files.map(([path, content]) => [path, contentDigest(content)]));
    const bundle = await packTree(
      tree,
      { outputFormat: 'md', chunkingStrategy: 'file_based' },
      { processor, cache: store, digests },
    );
    expect(processed.sort()).toEqual(['copy-1/a.ts', 'copy-1/b.ts', 'copy-3/b.js']);
    expect(bundle.files.map((file) => [file.path, file.content, file.language])).toEqual([
      ['copy-1/a.ts', 'export const a = 1;\n', 'typescript'],
      ['copy-1/b.ts', 'export const b = 2;\n', 'typescript'],
      ['copy-2/a.ts', 'export const a = 1;\n', 'typescript'],
      ['copy-2/b.ts', 'export const b = 2;\n', 'typescript'],
      ['copy-3/a.ts', 'export const a = 1;\n', 'typescript'],
      ['copy-3/b.js', 'export const b = 2;\n', 'javascript'],
    ]);
    const text = bundle.chunks.map((chunk) => chunk.text).join('');
    for (const [path] of files) expect(text).toContain(path);
  });
});

describe('results a processor made', () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  async function freshCache(): Promise<ResultCache> {
    dir = await mkdtemp(join(tmpdir(), 'repobundle-threads-'));
    return { dir, build: 'test-build' };
  }
  const sourceFiles = (count: number) =>
    Array.from({ length: count }, (_, at) => {
      const content = new TextEncoder().encode(`export const v${at} = ${at};\n`);
      return { path: `src/f${at}.ts`, content, entry: entryOf(`src/f${at}.ts`, content) };
    });
  const entryOf = (path: string, content: Uint8Array) => ({
    path,
    size: content.length,
    read: async () => content.slice(),
  });
  /** What another process finds in the packs: what was appended, not what a thread holds. */
  const foundElsewhere = (
    store: ResultCache,
    options: FileStageOptions,
    { path, content }: { path: string; content: Uint8Array },
  ) =>
    new PackStore(join(store.dir, PACKS_FOLDER), undefined, store.build).read(
      cacheKey(store, path, contentDigest(content), options),
    );
  const expectFoundElsewhere = (
    store: ResultCache,
    options: FileStageOptions,
    files: readonly { path: string; content: Uint8Array }[],
  ) => {
    for (const file of files) expect(foundElsewhere(store, options, file), file.path).toBeDefined();
  };

  it('on its threads are in the cache for every reader once it is closed', async () => {
    const store = await freshCache();
    const options = fileStageOptions(resolveOptions({}));
    const files = sourceFiles(24);
    const pool = createPooledProcessor(2);
    const outcomes = await Promise.all(
      files.map(({ entry }) => pool.process(entry, options, store)),
    );
    expect(outcomes.every((outcome) => outcome.ok && !outcome.cached)).toBe(true);
    // The threads hold their results for a moment before appending them; closing writes them.
    await pool.close();
    expectFoundElsewhere(store, options, files);
  });

  it('on this thread are in the cache for every reader once it is closed', async () => {
    const store = await freshCache();
    const options = fileStageOptions(resolveOptions({}));
    const [file] = sourceFiles(1);
    const inline = createInlineProcessor();
    expect(await inline.process(file!.entry, options, store)).toMatchObject({ ok: true });
    expect(foundElsewhere(store, options, file!)).toBeUndefined();
    await inline.close();
    expect(foundElsewhere(store, options, file!)).toBeDefined();
  });

  it('are in the cache for every reader once a pack ends, while its threads live on', async () => {
    const store = await freshCache();
    const files = sourceFiles(24);
    const tree: SourceTree = {
      name: 'threads',
      kind: 'memory',
      entries: files.map(({ entry }) => entry),
      close: async () => undefined,
    };
    // A server's threads serve job after job: the next job must find this one's results.
    const pool = createPooledProcessor(2);
    try {
      const resolved = resolveOptions({ outputFormat: 'md', chunkingStrategy: 'file_based' });
      await packTree(tree, resolved, { processor: pool, cache: store });
      expectFoundElsewhere(store, fileStageOptions(resolved), files);
    } finally {
      await pool.close();
    }
  });
});
