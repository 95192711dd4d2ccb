import {
  appendFileSync,
  closeSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  utimesSync,
} from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evictResultCache } from './result-cache.js';
import { INDEX_SUFFIX, PACKS_FOLDER, PACK_SUFFIX, PackStore } from './result-packs.js';

const keyOf = (text: string) => createHash('sha256').update(text).digest('hex');
const bytesOf = (text: string) => Buffer.from(text.repeat(50));

describe('packs of cached results', () => {
  let dir: string;
  let folder: string;
  let now: number;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'repobundle-packs-'));
    folder = join(dir, PACKS_FOLDER);
    now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });
  const files = () => readdirSync(folder).sort();

  it('serve what another thread or process stored, once it looks again after a miss', () => {
    const writer = new PackStore(folder);
    const reader = new PackStore(folder);
    expect(reader.read(keyOf('a'))).toBeUndefined();
    expect(writer.write(keyOf('a'), bytesOf('a'))).toBe(true);
    expect(writer.write(keyOf('b'), bytesOf('b'))).toBe(true);
    // Held by the writer until it appends them: another store does not find them yet.
    now += 1000;
    expect(reader.read(keyOf('a'))).toBeUndefined();
    writer.flush();
    // The reader looked a moment ago: a miss does not list the folder again at once.
    now += 10;
    expect(reader.read(keyOf('a'))).toBeUndefined();
    now += 1000;
    expect(reader.read(keyOf('a'))?.equals(bytesOf('a'))).toBe(true);
    expect(reader.read(keyOf('b'))?.equals(bytesOf('b'))).toBe(true);
    expect(writer.read(keyOf('b'))?.equals(bytesOf('b'))).toBe(true);
    expect(files().map((name) => name.slice(name.lastIndexOf('.')))).toEqual([
      INDEX_SUFFIX,
      PACK_SUFFIX,
    ]);
  });

  it('append held entries together, at their size or their time, and read their own at once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const writer = new PackStore(folder);
      const reader = new PackStore(folder);
      expect(writer.write(keyOf('a'), bytesOf('a'))).toBe(true);
      // Its own thread finds an entry it holds: the read appends it first.
      expect(writer.read(keyOf('a'))?.equals(bytesOf('a'))).toBe(true);
      expect(writer.write(keyOf('b'), bytesOf('b'))).toBe(true);
      now += 1000;
      expect(reader.read(keyOf('b'))).toBeUndefined();
      // Held no longer than a moment.
      vi.advanceTimersByTime(1000);
      now += 1000;
      expect(reader.read(keyOf('b'))?.equals(bytesOf('b'))).toBe(true);
      // A megabyte held is appended at once.
      const full = randomBytes(1024 * 1024);
      expect(writer.write(keyOf('full'), full)).toBe(true);
      now += 1000;
      expect(reader.read(keyOf('full'))?.equals(full)).toBe(true);
      // An entry too large to hold goes to the pack at once, its record a moment later.
      expect(writer.write(keyOf('small'), bytesOf('small'))).toBe(true);
      const large = randomBytes(3 * 1024 * 1024);
      expect(writer.write(keyOf('large'), large)).toBe(true);
      expect(writer.write(keyOf('after'), bytesOf('after'))).toBe(true);
      expect(writer.read(keyOf('large'))?.equals(large)).toBe(true);
      now += 1000;
      expect(reader.read(keyOf('large'))).toBeUndefined();
      vi.advanceTimersByTime(1000);
      now += 1000;
      for (const name of ['small', 'after']) {
        expect(reader.read(keyOf(name))?.equals(bytesOf(name))).toBe(true);
      }
      expect(reader.read(keyOf('large'))?.equals(large)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forget held entries that cannot be appended, and say so at the next write', () => {
    const store = new PackStore(folder);
    expect(store.write(keyOf('a'), bytesOf('a'))).toBe(true);
    store.flush();
    expect(store.write(keyOf('b'), bytesOf('b'))).toBe(true);
    // The pack's file closed under the writer: the append fails.
    const packFd = (store as unknown as { writer: { packFd: number } }).writer.packFd;
    closeSync(packFd);
    expect(store.read(keyOf('b'))).toBeUndefined();
    expect(store.read(keyOf('a'))?.equals(bytesOf('a'))).toBe(true);
    // The next write starts another pack.
    expect(store.write(keyOf('c'), bytesOf('c'))).toBe(true);
    expect(store.read(keyOf('c'))?.equals(bytesOf('c'))).toBe(true);
  });

  it('read only whole index records: a record half written is found when it is complete', () => {
    const writer = new PackStore(folder);
    writer.write(keyOf('a'), bytesOf('a'));
    writer.write(keyOf('b'), bytesOf('b'));
    writer.closeWriter();
    const index = join(folder, files().find((name) => name.endsWith(INDEX_SUFFIX)) as string);
    const records = readFileSync(index);
    truncateSync(index, records.length - 15);
    const reader = new PackStore(folder);
    expect(reader.read(keyOf('a'))?.equals(bytesOf('a'))).toBe(true);
    now += 1000;
    expect(reader.read(keyOf('b'))).toBeUndefined();
    appendFileSync(index, records.subarray(records.length - 15));
    now += 1000;
    expect(reader.read(keyOf('b'))?.equals(bytesOf('b'))).toBe(true);
  });

  it('miss once a pack is removed, though this thread knew its entries', () => {
    const store = new PackStore(folder);
    store.write(keyOf('a'), bytesOf('a'));
    expect(store.read(keyOf('a'))?.equals(bytesOf('a'))).toBe(true);
    rmSync(dir, { recursive: true, force: true });
    expect(store.read(keyOf('a'))).toBeUndefined();
    // The next write starts a pack in a new folder, and it is read back.
    now += 60_000;
    expect(store.write(keyOf('c'), bytesOf('c'))).toBe(true);
    store.flush();
    expect(new PackStore(folder).read(keyOf('c'))?.equals(bytesOf('c'))).toBe(true);
  });

  it('write to a new pack soon after theirs was removed', () => {
    const store = new PackStore(folder);
    store.write(keyOf('a'), bytesOf('a'));
    rmSync(dir, { recursive: true, force: true });
    // A moment later the writer has not looked: the entry goes to the removed pack, unseen.
    now += 10;
    expect(store.write(keyOf('b'), bytesOf('b'))).toBe(true);
    now += 1000;
    expect(store.write(keyOf('c'), bytesOf('c'))).toBe(true);
    store.flush();
    const reader = new PackStore(folder);
    expect(reader.read(keyOf('b'))).toBeUndefined();
    expect(reader.read(keyOf('c'))?.equals(bytesOf('c'))).toBe(true);
  });

  it('check a pack once a run: a run under way reads on, a run started after the removal misses', () => {
    const store = new PackStore(folder);
    store.write(keyOf('a'), bytesOf('a'));
    store.write(keyOf('b'), bytesOf('b'));
    const running = new Set<string>();
    expect(store.read(keyOf('a'), { checked: running })?.equals(bytesOf('a'))).toBe(true);
    expect(running.size).toBe(1);
    rmSync(dir, { recursive: true, force: true });
    // The open pack still holds the bytes, and they never change.
    expect(store.read(keyOf('b'), { checked: running })?.equals(bytesOf('b'))).toBe(true);
    expect(store.read(keyOf('a'), { checked: new Set() })).toBeUndefined();
    expect(store.read(keyOf('b'), { checked: running })).toBeUndefined();
  });

  it('return every entry byte for byte in any order, across windows and larger than one', () => {
    const store = new PackStore(folder);
    const sizes = [10, 3_000_000, 700_000, 1, 2_500_000, 64, 1_048_576, 5];
    const entries = sizes.map((size, at) => ({
      key: keyOf(`entry ${at}`),
      bytes: randomBytes(size),
    }));
    for (const { key, bytes } of entries) expect(store.write(key, bytes)).toBe(true);
    store.flush();
    const reader = new PackStore(folder);
    for (const at of [3, 0, 7, 1, 5, 2, 6, 4, 0, 3]) {
      const { key, bytes } = entries[at]!;
      const read = reader.read(key, { own: at % 2 === 0 });
      expect(read?.equals(bytes)).toBe(true);
      if (at % 2 === 0) expect(read?.buffer.byteLength).toBe(bytes.length);
    }
  });

  it('start a new pack past their size, and eviction removes whole packs, oldest first', () => {
    const store = new PackStore(folder, 1000);
    for (const name of ['a', 'b', 'c', 'd']) {
      expect(store.write(keyOf(name), Buffer.alloc(600, name))).toBe(true);
      now += 1000;
    }
    store.flush();
    const packs = files().filter((name) => name.endsWith(PACK_SUFFIX));
    expect(packs).toHaveLength(4);
    // Written in this order (names start with the time); their times a minute apart.
    packs.forEach((name, at) => {
      const seconds = now / 1000 - 600 + 60 * at;
      for (const suffix of [PACK_SUFFIX, INDEX_SUFFIX]) {
        const path = join(folder, name.slice(0, -PACK_SUFFIX.length) + suffix);
        utimesSync(path, seconds, seconds);
      }
    });
    // Each pack holds 600 bytes and its index 40.
    expect(evictResultCache(dir, 2 * 640)).toEqual({ removed: 2, kept: 2 });
    expect(files()).toHaveLength(4);
    const reader = new PackStore(folder);
    expect(reader.read(keyOf('a'))).toBeUndefined();
    expect(reader.read(keyOf('c'))?.equals(Buffer.alloc(600, 'c'))).toBe(true);
    expect(reader.read(keyOf('d'))?.equals(Buffer.alloc(600, 'd'))).toBe(true);
  });

  it("leave another build's packs unread, and each build reads its own", () => {
    const older = new PackStore(folder, undefined, 'build-1');
    expect(older.write(keyOf('a'), bytesOf('a'))).toBe(true);
    older.flush();
    const newer = new PackStore(folder, undefined, 'build-2');
    expect(newer.read(keyOf('a'))).toBeUndefined();
    expect(newer.write(keyOf('b'), bytesOf('b'))).toBe(true);
    newer.flush();
    const olderAgain = new PackStore(folder, undefined, 'build-1');
    expect(olderAgain.read(keyOf('a'))?.equals(bytesOf('a'))).toBe(true);
    expect(olderAgain.read(keyOf('b'))).toBeUndefined();
    expect(new PackStore(folder, undefined, 'build-2').read(keyOf('b'))?.equals(bytesOf('b'))).toBe(
      true,
    );
    // One cache all the same: eviction sees both builds' packs.
    expect(files().filter((name) => name.endsWith(PACK_SUFFIX))).toHaveLength(2);
    expect(evictResultCache(dir, 0).removed).toBe(2);
  });
});
