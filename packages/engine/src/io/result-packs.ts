import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { readAt, writeAll } from './file-io.js';

/**
 * The result cache's entries on disk: append-only packs, each written by one thread of one
 * process, with an index beside it. A file per entry cost about as much as making the result
 * (creating an inode on ext4 took 35 us, over 200 us after many deletions, and reading one
 * opened, stat'ed, read and closed a file), so entries go to a few large files instead.
 *
 * `packs/NAME.pack` (NAME: its build's prefix, see buildPrefix, its creation time, a random part)
 * holds entries back to back; `packs/NAME.index` one record per entry (its key's 32 bytes, then
 * its offset and length in the pack, little-endian), appended once the entry's bytes are
 * written, so a record never points at bytes not yet there. Readers take whole records only, so
 * a record being appended is read on a later look.
 *
 * A reader loads every index of its build on its first lookup, and when a key misses reads the
 * records appended since (at most every REFRESH_MS), so a result another thread or process
 * stored is found soon after. Before a run's first read of a pack the pack's link count is
 * checked (and before every read when the caller keeps no record of the packs it checked): a
 * pack removed (evicted, or its account's cache deleted) is a miss for every run that starts
 * after, never bytes of a file no longer in the cache. A run under way may go on reading a pack
 * evicted meanwhile: bytes once written never change, and an open file keeps them.
 *
 * A writer starts a new pack past PACK_BYTES or after IDLE_MS without writing, so eviction, which
 * removes whole packs, least recently used first (see result-cache.ts), works in bounded steps.
 *
 * A writer holds its entries in memory and appends them together (see FLUSH_BYTES): the pack's
 * bytes first, then their index records. Until then only its own thread finds them; it writes
 * them out before reading one, at FLUSH_MS after the first, when asked (flushPackStores: the end
 * of a run, a thread about to stop) and when it closes. A thread stopped in between loses only
 * those results, which the next run makes again.
 */

export const PACKS_FOLDER = 'packs';
export const PACK_SUFFIX = '.pack';
export const INDEX_SUFFIX = '.index';

const KEY_BYTES = 32;
const RECORD_BYTES = KEY_BYTES + 8;
const PACK_BYTES = 64 * 1024 * 1024;
/** At least this many packs fit in the cache's bound. */
const PACKS_PER_BOUND = 16;
const IDLE_MS = 30_000;
const REFRESH_MS = 250;
/** Reading a pack refreshes its modification time (what eviction orders by) at most this often. */
const TOUCH_MS = 10 * 60_000;
/**
 * Reads take this much of a pack at once: a run reads its entries in about the order they were
 * written, so most reads are copies out of the last window (a system call per entry measured
 * 10 to 25 us on a virtual machine). Packs stay open between reads, the OPEN_PACKS used last
 * of this thread; before each read the pack's link count says whether it was removed.
 */
const WINDOW_BYTES = 1024 * 1024;
/**
 * A writer appends its entries once they add up to this: two system calls per entry (its bytes,
 * its index record) cost 0.57 s of a first run of the bench's npm18 corpus (11,789 results,
 * 138 MB, on a virtual machine), where writing the same bytes in 1 MB appends cost about 50 ms.
 */
const FLUSH_BYTES = 1024 * 1024;
/** Entries held longer than this are written out, so other threads and processes find them. */
const FLUSH_MS = 200;
const OPEN_PACKS = 16;
/** A store not used for this long is dropped (a server thread sees many accounts' caches). */
const STORE_IDLE_MS = 10 * 60_000;

interface Location {
  readonly pack: string;
  /** The pack's file, joined once per pack rather than at every read. */
  readonly path: string;
  readonly offset: number;
  readonly length: number;
}

interface OpenPack {
  readonly fd: number;
  /**
   * The bytes read last, from `offset`: `bytes` is a view on `buffer`, which later windows of
   * the pack reuse (fresh memory for every window cost more than the read: a page fault per
   * 4 KB, and the allocator hands large blocks back to the system when they are freed).
   */
  window?: { readonly offset: number; readonly bytes: Buffer };
  buffer?: Buffer;
}

interface Writer {
  readonly pack: string;
  readonly packFd: number;
  readonly indexFd: number;
  /** The pack's size with the entries held in memory (see written). */
  size: number;
  readonly held: HeldEntries;
  lastWriteMs: number;
  /** When the pack was last found in its folder (see write). */
  checkedMs: number;
}

/** The pack's size on disk: the entries past it are held (their bytes; a large one's record). */
function written(writer: Writer): number {
  return writer.size - writer.held.size;
}

/** Index records held at most: a megabyte of entries of 256 bytes or more. */
const HELD_RECORDS = 4096;

/**
 * Entries a writer holds until it appends them together (see FLUSH_BYTES), in buffers kept while
 * the writer keeps writing: a buffer made for each append cost 30 to 50 MB of peak memory, freed
 * only by a collection. A slow or stopped writer lets them go (see release): a server thread
 * writes to the caches of many accounts.
 */
class HeldEntries {
  readonly keys: string[] = [];
  private buffers: { readonly bytes: Buffer; readonly records: Buffer } | undefined;
  /** The bytes held: an entry too large to hold is appended at once, only its record held. */
  size = 0;

  /** Whether an entry of `length` bytes can be held beside those held now. */
  fits(length: number): boolean {
    return this.keys.length < HELD_RECORDS && this.size + length <= FLUSH_BYTES;
  }

  add(key: string, entry: Uint8Array, offset: number): void {
    this.held().bytes.set(entry, this.size);
    this.size += entry.length;
    this.addRecord(key, offset, entry.length);
  }

  /** The record of an entry whose bytes are in the pack already. */
  addRecord(key: string, offset: number, length: number): void {
    const { records } = this.held();
    const at = this.keys.length * RECORD_BYTES;
    records.write(key, at, KEY_BYTES, 'hex');
    records.writeUInt32LE(offset, at + KEY_BYTES);
    records.writeUInt32LE(length, at + KEY_BYTES + 4);
    this.keys.push(key);
  }

  /** Appends the bytes held to the pack at `offset`, then the records to the index. */
  writeTo(packFd: number, indexFd: number, offset: number): void {
    const { bytes, records } = this.held();
    writeAll(packFd, bytes.subarray(0, this.size), offset);
    writeAll(indexFd, records.subarray(0, this.keys.length * RECORD_BYTES), null);
    this.clear();
  }

  clear(): void {
    this.keys.length = 0;
    this.size = 0;
  }

  /** Lets the buffers go once nothing is held; the next entry makes them again. */
  release(): void {
    if (this.keys.length === 0) this.buffers = undefined;
  }

  private held(): { readonly bytes: Buffer; readonly records: Buffer } {
    return (this.buffers ??= {
      bytes: Buffer.allocUnsafeSlow(FLUSH_BYTES),
      records: Buffer.allocUnsafeSlow(HELD_RECORDS * RECORD_BYTES),
    });
  }
}

/** The entries of one cache folder as this thread knows them, and this thread's writer there. */
export class PackStore {
  private readonly entries = new Map<string, Location>();
  /** Index name to the bytes of it already read. */
  private readonly indexesRead = new Map<string, number>();
  private refreshedMs = Number.NEGATIVE_INFINITY;
  private writer: Writer | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly touched = new Map<string, number>();
  lastUsedMs = Date.now();

  /** Names of this build's packs start with this (see buildPrefix). */
  private readonly prefix: string;

  /**
   * `folder`: the packs folder of one cache; a writer starts a new pack past `packBytes`. `build`:
   * the engine build whose results these are (see buildPrefix); none: every pack is read.
   */
  constructor(
    readonly folder: string,
    private readonly packBytes = PACK_BYTES,
    build?: string,
  ) {
    this.prefix = build === undefined ? '' : buildPrefix(build);
  }

  /**
   * The bytes stored under `key` (64 hex digits), or undefined. `own`: in a buffer of their own
   * (to transfer to another thread); otherwise a view, true only until this thread's next read.
   * `checked`: the packs this run found in place (see the module's comment), which it fills.
   */
  read(
    key: string,
    { own = false, checked }: { own?: boolean; checked?: Set<string> } = {},
  ): Buffer | undefined {
    const now = Date.now();
    this.lastUsedMs = now;
    let at = this.entries.get(key);
    if (!at) {
      if (now - this.refreshedMs < REFRESH_MS) return undefined;
      this.refresh(now);
      at = this.entries.get(key);
      if (!at) return undefined;
    }
    const writer = this.writer;
    if (writer?.pack === at.pack && at.offset >= written(writer)) {
      this.flush();
      // A failed append forgot the entries it held.
      if (!this.entries.has(key)) return undefined;
    }
    const bytes = bytesAt(at.path, at, own, checked);
    if (!bytes) {
      this.entries.delete(key);
      return undefined;
    }
    this.touch(at.pack, now);
    return bytes;
  }

  /**
   * Holds an entry to append (see FLUSH_BYTES); false when the pack cannot be written (nothing
   * then points at it). An entry that a later append fails to write is forgotten then.
   */
  write(key: string, bytes: Uint8Array): boolean {
    const now = Date.now();
    this.lastUsedMs = now;
    let writer = this.writer;
    if (
      writer &&
      (now - writer.lastWriteMs > IDLE_MS ||
        (writer.size > 0 && writer.size + bytes.length > this.packBytes) ||
        this.isWriterRemoved(writer, now))
    ) {
      this.closeWriter();
      writer = undefined;
    }
    if (writer && !writer.held.fits(bytes.length)) this.flush();
    try {
      writer = this.writer ??= this.openWriter(now);
    } catch {
      return false;
    }
    if (writer.held.fits(bytes.length)) {
      writer.held.add(key, bytes, writer.size);
    } else {
      // Too large to hold (nothing is held now: see above): appended at once, its record held.
      try {
        writeAll(writer.packFd, bytes, writer.size);
      } catch {
        this.closeWriter();
        return false;
      }
      writer.held.addRecord(key, writer.size, bytes.length);
    }
    this.entries.set(key, {
      pack: writer.pack,
      path: this.packPath(writer.pack),
      offset: writer.size,
      length: bytes.length,
    });
    writer.size += bytes.length;
    writer.lastWriteMs = now;
    if (writer.held.size >= FLUSH_BYTES) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flushOnTimer(), FLUSH_MS).unref();
    return writer === this.writer;
  }

  /** Appends the entries this thread holds, so every thread and process finds them. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const writer = this.writer;
    if (!writer || writer.held.keys.length === 0) return;
    try {
      writer.held.writeTo(writer.packFd, writer.indexFd, written(writer));
    } catch {
      for (const key of writer.held.keys) this.entries.delete(key);
      writer.held.clear();
      this.closeWriter();
    }
  }

  /**
   * flush, FLUSH_MS after an entry was first held: a writer that has not filled its buffers by
   * then writes slowly or has stopped, and lets them go too.
   */
  private flushOnTimer(): void {
    this.flush();
    this.writer?.held.release();
  }

  /** Appends what this thread holds and closes its pack; the next write starts another. */
  closeWriter(): void {
    this.flush();
    const writer = this.writer;
    this.writer = undefined;
    if (!writer) return;
    for (const fd of [writer.packFd, writer.indexFd]) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    }
  }

  private openWriter(now: number): Writer {
    const pack = `${this.prefix}${now.toString(36)}-${randomBytes(6).toString('hex')}`;
    const open = (suffix: string, flags: string) =>
      openSync(join(this.folder, pack + suffix), flags);
    let packFd: number;
    try {
      packFd = open(PACK_SUFFIX, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(this.folder, { recursive: true });
      packFd = open(PACK_SUFFIX, 'wx');
    }
    try {
      const indexFd = open(INDEX_SUFFIX, 'ax');
      return {
        pack,
        packFd,
        indexFd,
        size: 0,
        held: new HeldEntries(),
        lastWriteMs: now,
        checkedMs: now,
      };
    } catch (error) {
      closeSync(packFd);
      throw error;
    }
  }

  /**
   * Whether this thread's pack was removed (evicted, or its cache deleted), looked at most every
   * REFRESH_MS: entries written to a removed pack are lost to every reader, which costs only
   * their being made again, while a look before every write cost a system call per result.
   */
  private isWriterRemoved(writer: Writer, now: number): boolean {
    if (now - writer.checkedMs < REFRESH_MS) return false;
    writer.checkedMs = now;
    return isRemoved(writer.packFd);
  }

  /** Reads the index records appended since the last look, every pack's. */
  private refresh(now: number): void {
    this.refreshedMs = now;
    let names: string[];
    try {
      names = readdirSync(this.folder);
    } catch {
      // No folder (nothing stored yet, or the cache was deleted): nothing is known.
      this.entries.clear();
      this.indexesRead.clear();
      return;
    }
    for (const name of names) {
      if (!name.endsWith(INDEX_SUFFIX) || !name.startsWith(this.prefix)) continue;
      const pack = name.slice(0, -INDEX_SUFFIX.length);
      const path = this.packPath(pack);
      const read = this.indexesRead.get(pack) ?? 0;
      const records = readFrom(join(this.folder, name), read);
      if (!records) continue;
      const whole = records.length - (records.length % RECORD_BYTES);
      for (let at = 0; at < whole; at += RECORD_BYTES) {
        const key = records.toString('hex', at, at + KEY_BYTES);
        // Of two copies of an entry (two runs stored it at once) the newer pack's is kept: it is
        // the last to be evicted. After their build's prefix, names start with their creation time.
        const known = this.entries.get(key);
        if (known && known.pack > pack) continue;
        this.entries.set(key, {
          pack,
          path,
          offset: records.readUInt32LE(at + KEY_BYTES),
          length: records.readUInt32LE(at + KEY_BYTES + 4),
        });
      }
      this.indexesRead.set(pack, read + whole);
    }
  }

  private packPath(pack: string): string {
    return join(this.folder, pack + PACK_SUFFIX);
  }

  private touch(pack: string, now: number): void {
    if (now - (this.touched.get(pack) ?? Number.NEGATIVE_INFINITY) < TOUCH_MS) return;
    this.touched.set(pack, now);
    try {
      const seconds = now / 1000;
      utimesSync(this.packPath(pack), seconds, seconds);
    } catch {
      // removed meanwhile: the next read of it misses
    }
  }
}

/**
 * The start of the names of a build's packs. Every key holds the build, so another build's
 * entries are never found; with its packs named apart they are not even loaded: after an upgrade
 * the older results stay on disk until eviction takes them, and every run read their indexes
 * into its table (three earlier builds' packs beside npm18's: 33 ms of a one-second second run,
 * against 4 ms for its own).
 */
function buildPrefix(build: string): string {
  return `${createHash('sha256').update(build).digest('hex').slice(0, 12)}-`;
}

/**
 * This thread's stores, by cache folder as given and build: a store is looked up for every
 * result, and joining the packs folder's path each time cost more than the lookup. Two spellings
 * of one folder make two stores, each with a writer and pack of its own, which is safe.
 */
const stores = new Map<string, PackStore>();
let sweptMs = Date.now();

/** This thread's store of a cache folder's packs of one build. */
export function packStore(cache: {
  readonly dir: string;
  readonly build: string;
  readonly maxBytes?: number;
}): PackStore {
  const now = Date.now();
  if (now - sweptMs > STORE_IDLE_MS / 10) {
    sweptMs = now;
    for (const [key, store] of stores) {
      if (now - store.lastUsedMs < STORE_IDLE_MS) continue;
      store.closeWriter();
      stores.delete(key);
    }
  }
  const key = `${cache.dir}\0${cache.build}`;
  let store = stores.get(key);
  if (!store) {
    const packBytes = Math.min(PACK_BYTES, (cache.maxBytes ?? Infinity) / PACKS_PER_BOUND);
    store = new PackStore(join(cache.dir, PACKS_FOLDER), packBytes, cache.build);
    stores.set(key, store);
  }
  return store;
}

/** Appends the entries every store of this thread holds (see PackStore.flush). */
export function flushPackStores(): void {
  for (const store of stores.values()) store.flush();
}

/** This thread's open packs by path, the one used last at the end. */
const openPacks = new Map<string, OpenPack>();

/** An entry's bytes, from its pack's window where that holds them; undefined if the pack is gone. */
function bytesAt(
  path: string,
  { offset, length }: Location,
  own: boolean,
  checked: Set<string> | undefined,
): Buffer | undefined {
  let pack = openPacks.get(path);
  if (pack && !checked?.has(path) && isRemoved(pack.fd)) {
    closePack(path);
    return undefined;
  }
  if (pack) openPacks.delete(path);
  else {
    try {
      pack = { fd: openSync(path, 'r') };
    } catch {
      return undefined;
    }
  }
  checked?.add(path);
  openPacks.set(path, pack);
  if (openPacks.size > OPEN_PACKS) closePack(openPacks.keys().next().value as string);
  const end = offset + length;
  let window = pack.window;
  if (!window || offset < window.offset || end > window.offset + window.bytes.length) {
    if (length >= WINDOW_BYTES) return readAt(pack.fd, offset, length, length);
    pack.window = undefined;
    pack.buffer ??= Buffer.allocUnsafeSlow(WINDOW_BYTES);
    const bytes = readAt(pack.fd, offset, length, WINDOW_BYTES, pack.buffer);
    if (!bytes) return undefined;
    window = pack.window = { offset, bytes };
  }
  const view = window.bytes.subarray(offset - window.offset, end - window.offset);
  if (!own) return view;
  // Not Buffer.from: small buffers share a pool, which a thread must never transfer away.
  const bytes = Buffer.allocUnsafeSlow(length);
  view.copy(bytes);
  return bytes;
}

function closePack(path: string): void {
  const pack = openPacks.get(path);
  openPacks.delete(path);
  if (!pack) return;
  try {
    closeSync(pack.fd);
  } catch {
    // already closed
  }
}

/** Whether an open file was removed from its folder (a removed pack is never read again). */
function isRemoved(fd: number): boolean {
  try {
    return fstatSync(fd).nlink === 0;
  } catch {
    return true;
  }
}

/** A file's bytes from `offset` to its end, or undefined when it cannot be read. */
function readFrom(path: string, offset: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    return size > offset ? readAt(fd, offset, 0, size - offset) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
