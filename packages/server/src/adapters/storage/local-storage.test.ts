import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.js';
import { LocalStorage } from './local-storage.js';
import { InvalidStorageKeyError } from './object-storage.js';
import { describeStorageContract } from './test-support/storage-contract.js';
import { failingStream } from './test-support/test-bytes.js';

describeStorageContract('local', async () => {
  const base = await mkdtemp(join(tmpdir(), 'repobundle-local-storage-'));
  // A data folder that sits below a regular file can never be created.
  await writeFile(join(base, 'not-a-folder'), 'x');
  return {
    storage: createStorage({ dataDir: join(base, 'data'), storageUrl: null }),
    unusable: createStorage({ dataDir: join(base, 'not-a-folder', 'data'), storageUrl: null }),
    manyObjects: 250,
    teardown: () => rm(base, { recursive: true, force: true }),
  };
});

describe('local storage on disk', () => {
  let base: string;
  let storage: LocalStorage;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'repobundle-local-disk-'));
    storage = new LocalStorage(join(base, 'data'));
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('keeps objects as plain files under DATA_DIR/storage', async () => {
    expect(storage.kind).toBe('local');
    await storage.put('uploads/u1/up1/chunk-000001', Buffer.from('chunk one'));
    const path = join(base, 'data', 'storage', 'uploads', 'u1', 'up1', 'chunk-000001');
    expect(await readFile(path, 'utf8')).toBe('chunk one');
    expect((await storage.localFile('uploads/u1/up1/chunk-000001')).path).toBe(path);
  });

  it('never writes outside its root, whatever the key', async () => {
    for (const key of ['../escaped', '../../escaped', 'a/../../escaped', '.tmp/escaped']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
    expect(existsSync(join(base, 'data', 'escaped'))).toBe(false);
    expect(existsSync(join(base, 'escaped'))).toBe(false);
    expect(await readdir(base)).toEqual(['data']);
  });

  it('makes the folders it needs again when they were removed between writes', async () => {
    await storage.put('jobs/j1/out/a.md', Buffer.from('a'));
    await rm(join(base, 'data', 'storage', 'jobs'), { recursive: true });
    await rm(join(base, 'data', 'storage', '.tmp'), { recursive: true });
    await storage.put('jobs/j1/out/b.md', Buffer.from('b'));
    await rm(join(base, 'data', 'storage', '.tmp'), { recursive: true });
    await storage.copy('jobs/j1/out/b.md', 'jobs/j2/copied');
    expect(await readFile(join(base, 'data', 'storage', 'jobs', 'j1', 'out', 'b.md'), 'utf8')).toBe(
      'b',
    );
    expect(await readFile(join(base, 'data', 'storage', 'jobs', 'j2', 'copied'), 'utf8')).toBe('b');
    expect(await storage.stat('jobs/j1/out/a.md')).toBeNull();
  });

  it('copies by giving the file a second name: no bytes are written', async () => {
    await storage.put('uploads/u1/up2/chunk-000000', Buffer.alloc(100_000, 1));
    await storage.copy('uploads/u1/up2/chunk-000000', 'jobs/j3/source-parts/part-000000');
    const source = await stat(join(base, 'data', 'storage', 'uploads/u1/up2/chunk-000000'));
    const target = await stat(join(base, 'data', 'storage', 'jobs/j3/source-parts/part-000000'));
    expect(target.ino).toBe(source.ino);
    expect(target.nlink).toBe(2);
    expect(await readdir(join(base, 'data', 'storage', '.tmp'))).toEqual([]);
  });

  it('cleans its temp file after a failed write and hides the temp folder', async () => {
    await expect(storage.put('t/partial', failingStream(200_000))).rejects.toThrow();
    expect(await readdir(join(base, 'data', 'storage', '.tmp'))).toEqual([]);
    expect((await storage.list('')).some((o) => o.key.startsWith('.tmp'))).toBe(false);
  });
});
