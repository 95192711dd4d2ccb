import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackHooks } from './pack.js';
import { pack } from './pack.js';
import type { ResultCache } from './result-cache.js';

/**
 * A folder packed again with the result cache: files whose status is unchanged are found by the
 * digest remembered from the last run, without being read; any edit is read again.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'repobundle-folder-digests-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const FILES = 12;

/** A whole second, so that a test can put a modification time back exactly. */
const HOUR_AGO = Math.floor(Date.now() / 1000) - 3600;

async function makeProject(name: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(join(dir, 'src'), { recursive: true });
  for (let i = 0; i < FILES; i++) {
    const file = join(dir, 'src', `m${i}.ts`);
    await writeFile(file, `export const value${i} = ${i * 11};\n`);
    await utimes(file, HOUR_AGO, HOUR_AGO);
  }
  return dir;
}

async function packWith(dir: string, cache: ResultCache, hooks: PackHooks = {}) {
  const counters: NonNullable<PackHooks['counters']> = { cachedFiles: 0, unreadFiles: 0 };
  const bundle = await pack(
    dir,
    { outputFormat: 'txt' },
    { cache, rememberFolder: true, counters, workers: 0, ...hooks },
  );
  const text = bundle.chunks.map((chunk) => chunk.text).join('');
  return { counters, text };
}

describe('remembered folder digests', () => {
  it('serve a second run without reading the files, and an edited file is read again', async () => {
    const dir = await makeProject('edited');
    const cache = { dir: join(root, 'cache-edited'), build: 'test' };
    // Files changed within two seconds of a run are not remembered (see the racy rule).
    await sleep(2100);
    const first = await packWith(dir, cache);
    expect(first.counters).toEqual({ cachedFiles: 0, unreadFiles: 0 });
    // On threads, yet none starts: every result is read on the calling thread.
    const second = await packWith(dir, cache, { workers: 2 });
    expect(second.counters).toEqual({ cachedFiles: FILES, unreadFiles: FILES, threadsStarted: 0 });
    expect(second.text).toBe(first.text);

    // Same size, and the modification time put back exactly: only the change time tells.
    const edited = join(dir, 'src', 'm3.ts');
    const before = await stat(edited);
    await writeFile(edited, 'export const value3 = 99;\n');
    await utimes(edited, HOUR_AGO, HOUR_AGO);
    const after = await stat(edited);
    expect([after.size, after.mtimeMs, after.ino]).toEqual([
      before.size,
      before.mtimeMs,
      before.ino,
    ]);
    const third = await packWith(dir, cache, { workers: 2 });
    expect(third.counters).toEqual({
      cachedFiles: FILES - 1,
      unreadFiles: FILES - 1,
      threadsStarted: 1,
    });
    expect(third.text).toContain('export const value3 = 99;');
    expect(third.text).not.toContain('value3 = 33');
  });

  it('do not remember files changed just before the run', async () => {
    const dir = await makeProject('fresh');
    const cache = { dir: join(root, 'cache-fresh'), build: 'test' };
    await packWith(dir, cache);
    const second = await packWith(dir, cache);
    expect(second.counters).toEqual({ cachedFiles: FILES, unreadFiles: 0 });
  });

  it('read every file when the remembered digests are damaged', async () => {
    const dir = await makeProject('damaged');
    const cache = { dir: join(root, 'cache-damaged'), build: 'test' };
    await sleep(2100);
    const first = await packWith(dir, cache);
    const [name] = await readdir(join(cache.dir, 'folders'));
    await writeFile(join(cache.dir, 'folders', name as string), 'not a digest list');
    const second = await packWith(dir, cache);
    expect(second.counters).toEqual({ cachedFiles: FILES, unreadFiles: 0 });
    expect(second.text).toBe(first.text);
  });

  it('are not kept without rememberFolder', async () => {
    const dir = await makeProject('temporary');
    const cache = { dir: join(root, 'cache-temporary'), build: 'test' };
    await packWith(dir, cache, { rememberFolder: false });
    await expect(readdir(join(cache.dir, 'folders'))).rejects.toThrow(/ENOENT/);
  });
});

describe('threads', () => {
  it('a folder packed before starts none for a few edited files, and does for many', async () => {
    // Over the size packed on the calling thread anyway (16 MB on two cores).
    const dir = join(root, 'large');
    await mkdir(dir, { recursive: true });
    const line = (file: number, at: number, edit = '') =>
      `export const v${file}_${at} = "${edit}${'abcdefghij'.repeat(9)}";\n`;
    const write = async (file: number, edit = '') => {
      const path = join(dir, `f${file}.ts`);
      const lines = Array.from({ length: 9000 }, (_, at) => line(file, at, edit));
      await writeFile(path, lines.join(''));
      await utimes(path, HOUR_AGO, HOUR_AGO);
    };
    for (let file = 0; file < 18; file++) await write(file);
    const cache = { dir: join(root, 'cache-large'), build: 'test-build' };
    await sleep(2100);
    const first = await packWith(dir, cache, { workers: undefined });
    expect(first.counters.threadsStarted).toBeGreaterThan(0);

    await write(4, 'edited ');
    const fewEdited = await packWith(dir, cache, { workers: undefined });
    expect(fewEdited.counters).toEqual({ cachedFiles: 17, unreadFiles: 17, threadsStarted: 0 });
    expect(fewEdited.text).toContain(line(4, 0, 'edited '));
    expect(fewEdited.text).toBe(
      (await packWith(dir, cache, { workers: 0, cache: undefined })).text,
    );

    for (let file = 6; file < 12; file++) await write(file, 'again ');
    const manyEdited = await packWith(dir, cache, { workers: undefined });
    expect(manyEdited.counters.cachedFiles).toBe(12);
    expect(manyEdited.counters.threadsStarted).toBeGreaterThan(0);
    expect(manyEdited.text).toBe(
      (await packWith(dir, cache, { workers: 0, cache: undefined })).text,
    );
  });

  it('a small folder packed with the default threads starts none', async () => {
    const dir = await makeProject('small-default');
    const cache = { dir: join(root, 'cache-small-default'), build: 'test-build' };
    const run = await packWith(dir, cache, { workers: undefined });
    expect(run.counters.cachedFiles).toBe(0);
    expect(run.counters.threadsStarted ?? 0).toBe(0);
  });
});
