import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidStorageKeyError,
  StorageNotFoundError,
  StorageUnavailableError,
  type ObjectStorage,
} from '../object-storage.js';
import {
  digestStream,
  failingStream,
  patternBytes,
  patternStream,
  readAll,
  sha256,
} from './test-bytes.js';

export interface StorageHarness {
  storage: ObjectStorage;
  /** Same kind, but unusable (missing bucket, data folder that cannot be created). */
  unusable: ObjectStorage;
  /** How many objects make more than one list page (S3: above the storage's page size). */
  manyObjects: number;
  teardown(): Promise<void>;
}

const MiB = 1024 * 1024;

/** Runs `tasks` with at most `limit` in flight. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += limit) {
    await Promise.all(items.slice(start, start + limit).map(task));
  }
}

/** The behaviour every ObjectStorage implementation must share. */
export function describeStorageContract(name: string, setup: () => Promise<StorageHarness>) {
  describe(`${name} storage contract`, () => {
    let h: StorageHarness;
    let s: ObjectStorage;
    beforeAll(async () => {
      h = await setup();
      s = h.storage;
    });
    afterAll(async () => {
      await h?.teardown();
    });

    it('streams a multi-MB object in and out unchanged', async () => {
      // 12 MiB and a few bytes: several 5 MiB multipart parts on S3, not a multiple of any chunk.
      const size = 12 * MiB + 123;
      const expected = await digestStream(patternStream(size, 1));
      const put = await s.put('rt/big.bin', patternStream(size, 1), {
        contentType: 'application/octet-stream',
      });
      expect(put.size).toBe(size);
      expect(await s.stat('rt/big.bin')).toEqual({ size });
      expect(await digestStream(await s.get('rt/big.bin'))).toEqual(expected);
    });

    it('replaces an object on overwrite, and takes buffers too', async () => {
      await s.put('ow/file.txt', Buffer.from('a longer first version'));
      const second = await s.put('ow/file.txt', new TextEncoder().encode('second'));
      expect(second.size).toBe(6);
      expect((await readAll(await s.get('ow/file.txt'))).toString()).toBe('second');
      expect(await s.stat('ow/file.txt')).toEqual({ size: 6 });
    });

    it('leaves the old object (and no new one) when a streamed write fails', async () => {
      await s.put('fail/kept.bin', Buffer.from('old content'));
      await expect(s.put('fail/kept.bin', failingStream(6 * MiB))).rejects.toThrow(
        'client went away',
      );
      await expect(s.put('fail/new.bin', failingStream(100_000))).rejects.toThrow();
      expect((await readAll(await s.get('fail/kept.bin'))).toString()).toBe('old content');
      expect(await s.stat('fail/new.bin')).toBeNull();
      expect(await s.list('fail')).toEqual([{ key: 'fail/kept.bin', size: 11 }]);
    });

    it('keeps keys with spaces, plus signs, percent signs and non-ASCII names apart', async () => {
      // Output keys come from repository paths, which can hold any of these.
      const keys = ['odd/a b.md', 'odd/a+b.md', 'odd/a%20b.md', 'odd/ünï/文件 (1).md'];
      for (const [i, key] of keys.entries()) await s.put(key, Buffer.from(`content ${i}`));
      for (const [i, key] of keys.entries()) {
        expect((await readAll(await s.get(key))).toString()).toBe(`content ${i}`);
      }
      expect((await s.list('odd')).map((o) => o.key)).toEqual([...keys].sort());
      expect(await s.deletePrefix('odd/ünï')).toBe(1);
    });

    it('reports absent objects: stat null, get and localFile StorageNotFoundError', async () => {
      expect(await s.stat('absent/nothing.txt')).toBeNull();
      const error = await s.get('absent/nothing.txt').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageNotFoundError);
      expect((error as StorageNotFoundError).key).toBe('absent/nothing.txt');
      await expect(s.localFile('absent/nothing.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
      // A folder of objects is not itself an object.
      await s.put('absent/dir/inner.txt', Buffer.from('x'));
      expect(await s.stat('absent/dir')).toBeNull();
      await expect(s.get('absent/dir')).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it('lists every object under a folder prefix, recursively and sorted', async () => {
      const keys = ['ls/c.txt', 'ls/a/b/deep.txt', 'ls/a/1.txt', 'ls/ab/3.txt', 'ls/a/0.txt'];
      for (const [i, key] of keys.entries()) await s.put(key, Buffer.alloc(i + 1, 1));
      expect(await s.list('ls/a')).toEqual([
        { key: 'ls/a/0.txt', size: 5 },
        { key: 'ls/a/1.txt', size: 3 },
        { key: 'ls/a/b/deep.txt', size: 2 },
      ]);
      expect(await s.list('ls/a/')).toEqual(await s.list('ls/a'));
      expect((await s.list('ls')).map((o) => o.key)).toEqual([
        'ls/a/0.txt',
        'ls/a/1.txt',
        'ls/a/b/deep.txt',
        'ls/ab/3.txt',
        'ls/c.txt',
      ]);
      expect(await s.list('ls/none')).toEqual([]);
      const all = (await s.list('')).map((o) => o.key);
      expect(all).toEqual(expect.arrayContaining(keys));
      expect(all).toEqual([...all].sort());
    });

    it('deletes one object, and an absent one without complaint', async () => {
      await s.put('del/a.txt', Buffer.from('a'));
      await s.put('del/b.txt', Buffer.from('b'));
      await s.delete('del/a.txt');
      await s.delete('del/a.txt');
      await s.delete('del/never/was.txt');
      expect(await s.stat('del/a.txt')).toBeNull();
      expect(await s.list('del')).toEqual([{ key: 'del/b.txt', size: 1 }]);
    });

    it('deletes a whole prefix and counts it, leaving look-alike siblings', async () => {
      await s.put('dp/a/1', Buffer.from('1'));
      await s.put('dp/a/x/2', Buffer.from('2'));
      await s.put('dp/ab/3', Buffer.from('3'));
      expect(await s.deletePrefix('dp/a')).toBe(2);
      expect(await s.list('dp')).toEqual([{ key: 'dp/ab/3', size: 1 }]);
      expect(await s.deletePrefix('dp/a')).toBe(0);
      expect(await s.deletePrefix('dp/ab/3')).toBe(0); // an object is not a folder
      expect(await s.stat('dp/ab/3')).toEqual({ size: 1 });
      await expect(s.deletePrefix('')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    });

    it('lists and deletes more than one page of objects', async () => {
      const keys = Array.from(
        { length: h.manyObjects },
        (_, i) => `many/${String(i).padStart(4, '0')}`,
      );
      await inBatches(keys, 25, (key) => s.put(key, Buffer.from(key)));
      const listed = await s.list('many');
      expect(listed.map((o) => o.key)).toEqual(keys);
      expect(listed.every((o) => o.size === 9)).toBe(true);
      expect(await s.deletePrefix('many/')).toBe(keys.length);
      expect(await s.list('many')).toEqual([]);
    });

    it('copies an object: the target has its bytes and both stay independent objects', async () => {
      const bytes = patternBytes(2 * MiB + 3, 11);
      await s.put('cp/source.bin', bytes);
      await s.copy('cp/source.bin', 'cp/made/on/demand/target.bin');
      expect(await digestStream(await s.get('cp/made/on/demand/target.bin'))).toEqual({
        sha256: sha256(bytes),
        size: bytes.length,
      });
      // Replacing or removing one leaves the other as it was.
      await s.put('cp/source.bin', Buffer.from('replaced'));
      expect(await s.stat('cp/made/on/demand/target.bin')).toEqual({ size: bytes.length });
      await s.delete('cp/source.bin');
      expect(await digestStream(await s.get('cp/made/on/demand/target.bin'))).toEqual({
        sha256: sha256(bytes),
        size: bytes.length,
      });
      // A copy over an existing object replaces it.
      await s.put('cp/other.bin', Buffer.from('other'));
      await s.copy('cp/other.bin', 'cp/made/on/demand/target.bin');
      expect((await readAll(await s.get('cp/made/on/demand/target.bin'))).toString()).toBe('other');
    });

    it('refuses to copy a missing object, and leaves no target', async () => {
      await expect(s.copy('cpm/absent.bin', 'cpm/target.bin')).rejects.toBeInstanceOf(
        StorageNotFoundError,
      );
      expect(await s.stat('cpm/target.bin')).toBeNull();
    });

    it('gives a local file with the bytes, and release() keeps the object', async () => {
      const bytes = patternBytes(300_000, 42);
      await s.put('lf/archive.zip', bytes);
      const file = await s.localFile('lf/archive.zip');
      expect(sha256(await readFile(file.path))).toBe(sha256(bytes));
      await file.release();
      // S3 copies are temp files and go; local storage lends its own file, which stays.
      expect(existsSync(file.path)).toBe(s.kind === 'local');
      expect(await s.stat('lf/archive.zip')).toEqual({ size: bytes.length });
    });

    it('refuses keys that are not safe relative paths', async () => {
      const bad = ['', '../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a//b', 'a/', './a', 'a\0b'];
      for (const key of bad) {
        await expect(s.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(s.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(s.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(s.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(s.localFile(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(s.copy(key, 'ok/target'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(s.copy('ok/source', key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      for (const prefix of ['..', '../', 'a/../..', '/abs']) {
        await expect(s.list(prefix), prefix).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(s.deletePrefix(prefix), prefix).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      expect(await s.stat('ok/target')).toBeNull();
    });

    it('passes check() when usable and fails it when not', async () => {
      await expect(s.check()).resolves.toBeUndefined();
      await expect(h.unusable.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    });
  });
}
