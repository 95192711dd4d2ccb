import { createHash, hash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { FileStageOptions } from '../config/options.js';
import { baseName } from '../core/base-name.js';
import type { FileOutcome } from '../core/process-file.js';
import { packStore, PACKS_FOLDER, PACK_SUFFIX, INDEX_SUFFIX } from './result-packs.js';

/**
 * A content-addressed cache of the file stage's results: a file's decoded, transformed text with
 * its token and line counts, notes and outline, keyed by everything that decides them (the
 * bytes, the file's name, the file-stage options and the engine build). A second pack of the same
 * input reads each result instead of transforming and tokenizing again, and copies of a file in
 * other folders share one result: the file stage reads a file's name, never its folders.
 *
 * Entries live in append-only packs, one per writing thread (see result-packs.ts), so two runs at
 * once never read a half-written entry. Other facts kept beside them (a folder's digests, an
 * archive's) are files of their own in subfolders. The cache is bounded by size:
 * `evictResultCache` removes the least recently used packs and files beyond it.
 */
export interface ResultCache {
  readonly dir: string;
  /** Identifies the engine build: results of another build are never read. */
  readonly build: string;
  /**
   * The size the cache is kept under, when known: packs are then made small enough that
   * evicting one removes a small part of the cache (see result-packs.ts).
   */
  readonly maxBytes?: number;
}

export const DEFAULT_CACHE_MAX_MB = 1024;

/** $CACHE_DIR, else $XDG_CACHE_HOME/repobundle/results, else ~/.cache/repobundle/results. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CACHE_DIR) return env.CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'repobundle', 'results');
}

/**
 * The engine build's identity: the names, sizes and modification times of its compiled (or,
 * under tests, source) files. Rebuilding changes it, so a changed engine starts a fresh cache.
 */
export function engineBuildId(): string {
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const digest = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|ts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const info = statSync(path);
        digest.update(`${path}\0${info.size}\0${info.mtimeMs}\n`);
      }
    }
  };
  walk(root);
  return digest.digest('hex').slice(0, 16);
}

/**
 * The file-stage options as far as they change a file's result. Of the chunking strategy the
 * file stage only reads whether chunks follow the syntax (it then adds an outline), so jobs
 * that differ only in how they cut chunks share their results.
 */
function keyedOptions(options: FileStageOptions): Record<string, unknown> {
  const { chunkingStrategy, ...rest } = options;
  return {
    ...rest,
    syntaxOutline: chunkingStrategy === 'semantic' || chunkingStrategy === 'auto',
  };
}

/** A file's content digest: what the cache key holds of its bytes. */
export function contentDigest(bytes: Uint8Array): string {
  return hash('sha256', bytes);
}

/**
 * The key of one file's result, from its name and content digest (see contentDigest): a caller
 * that knows the digest from an earlier pass over the same bytes finds the result without
 * reading the file again.
 */
export function cacheKey(
  cache: ResultCache,
  path: string,
  digest: string,
  options: FileStageOptions,
): string {
  return keyWithin(optionsKey(cache, options), path, digest);
}

/** cacheKey with the part of the build and options already taken (see optionsKey). */
export function keyWithin(optionsKey: string, path: string, digest: string): string {
  // In one call: a run takes a key for each of its files, and a hash object per key cost twice
  // as long.
  return hash('sha256', `${optionsKey}\0${baseName(path)}\0${digest}`);
}

/** Options objects whose key part is known (a run has one or two). */
const optionsKeys = new WeakMap<FileStageOptions, { build: string; key: string }>();

/**
 * What every key of a run holds of the engine build and the options. A thread that is handed
 * its options with each file is handed this too: a copy of the options is a new object, and
 * taking the key again for each file cost about 3% of a first run's threads.
 */
export function optionsKey(cache: ResultCache, options: FileStageOptions): string {
  const known = optionsKeys.get(options);
  if (known?.build === cache.build) return known.key;
  const keyed = keyedOptions(options);
  const key = createHash('sha256')
    .update(cache.build)
    .update('\0')
    .update(JSON.stringify(keyed, Object.keys(keyed).sort()))
    .digest('hex');
  optionsKeys.set(options, { build: cache.build, key });
  return key;
}

/**
 * The stored form of the result under `key` (see outcomeFromStored), or undefined on a miss.
 * `own`: in a buffer of its own, which a thread can hand to another without copying.
 */
export function readStoredOutcome(
  cache: ResultCache,
  key: string,
  { own = false }: { own?: boolean } = {},
): Buffer | undefined {
  let checked = packsChecked.get(cache);
  if (!checked) packsChecked.set(cache, (checked = new Set()));
  return packStore(cache).read(key, { own, checked });
}

/**
 * The packs a run found in place, by the run's cache object (pack() makes one per run, a worker
 * thread gets a copy per request): a pack is checked once a run.
 */
const packsChecked = new WeakMap<ResultCache, Set<string>>();

/** The stored form of a result: what the cache keeps, and what a thread sends on for a cached one. */
export function storedForm(outcome: FileOutcome): Buffer {
  return serialize(outcome);
}

/** Stores a result in its stored form; a cache that cannot be written is skipped, never a failed pack. */
export function writeStoredOutcome(cache: ResultCache, key: string, stored: Uint8Array): void {
  packStore(cache).write(key, stored);
}

/**
 * A stored result as the result of the file at `path` (it may have been stored for a copy of the
 * file in another folder), or undefined when the bytes are not a result.
 */
export function outcomeFromStored(stored: Uint8Array, path: string): FileOutcome | undefined {
  let outcome: FileOutcome;
  try {
    outcome = deserialize(stored) as FileOutcome;
  } catch {
    return undefined;
  }
  // Only results are stored (see writeStoredOutcome's callers).
  if (!outcome?.ok) return undefined;
  // A deserialized typed array is a view on the stored bytes, text included: a copy of its own
  // lets those go, and can be transferred between threads.
  const { linePrefix, lineMarks } = outcome.file;
  return {
    ok: true,
    file: {
      ...outcome.file,
      path,
      linePrefix: new Uint32Array(linePrefix),
      ...(lineMarks && { lineMarks: new Uint32Array(lineMarks) }),
    },
  };
}

/** The stored result, as the result of the file at `path`, or undefined on a miss. */
export function readCachedOutcome(
  cache: ResultCache,
  key: string,
  path: string,
): FileOutcome | undefined {
  const stored = readStoredOutcome(cache, key);
  return stored && outcomeFromStored(stored, path);
}

/** What eviction removes as one: a pack with its index, or a file of its own. */
interface StoredEntry {
  readonly paths: readonly string[];
  readonly size: number;
  /** When the entry was last read or written (ms). */
  readonly used: number;
}

interface ListedFile {
  readonly name: string;
  readonly size: number;
  readonly used: number;
}

/**
 * A subfolder's files as eviction removes them: in the packs folder a pack and its index go
 * together (an index left without its pack only misses; a pack without its index is never read).
 */
function storedEntries(
  folder: string,
  packs: boolean,
  files: readonly ListedFile[],
): StoredEntry[] {
  if (!packs) {
    return files.map(({ name, size, used }) => ({ paths: [join(folder, name)], size, used }));
  }
  const byPack = new Map<string, { paths: string[]; size: number; used: number }>();
  for (const { name, size, used } of files) {
    const pack = name.endsWith(INDEX_SUFFIX)
      ? name.slice(0, -INDEX_SUFFIX.length)
      : name.endsWith(PACK_SUFFIX)
        ? name.slice(0, -PACK_SUFFIX.length)
        : name;
    const entry = byPack.get(pack) ?? { paths: [], size: 0, used: 0 };
    // The index first: a reader that lists the folder meanwhile then never finds the pack's entries.
    if (name.endsWith(INDEX_SUFFIX)) entry.paths.unshift(join(folder, name));
    else entry.paths.push(join(folder, name));
    entry.size += size;
    entry.used = Math.max(entry.used, used);
    byPack.set(pack, entry);
  }
  return [...byPack.values()];
}

function usedMs(info: { atimeMs: number; mtimeMs: number }): number {
  return Math.max(info.atimeMs, info.mtimeMs);
}

/**
 * Keeps the cache under `maxBytes`: the entries used longest ago go first (reads refresh a pack's
 * modification time; a file's access time counts where the file system records it). Safe while
 * other processes read, write or evict: an entry removed meanwhile is skipped, and a reader that
 * loses an entry only misses.
 */
export function evictResultCache(dir: string, maxBytes: number): { removed: number; kept: number } {
  const entries: StoredEntry[] = [];
  let folders: string[];
  try {
    folders = readdirSync(dir);
  } catch {
    return { removed: 0, kept: 0 };
  }
  for (const name of folders) {
    const folder = join(dir, name);
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    const files: ListedFile[] = [];
    for (const file of names) {
      try {
        const info = statSync(join(folder, file));
        files.push({ name: file, size: info.size, used: usedMs(info) });
      } catch {
        // removed by another run meanwhile
      }
    }
    entries.push(...storedEntries(folder, name === PACKS_FOLDER, files));
  }
  let removed = 0;
  for (const paths of oldestBeyond(entries, maxBytes)) {
    let gone = false;
    for (const path of paths) {
      try {
        unlinkSync(path);
        gone = true;
      } catch {
        // another run removed it first
      }
    }
    if (gone) removed++;
  }
  return { removed, kept: entries.length - removed };
}

/** In the cache folder: the bound (bytes) it was last kept under. */
const BOUND_FILE = 'bound';

/**
 * evictResultCache at the end of a run. Listing the cache costs a stat per entry, so a run that
 * stored nothing skips it, unless the bound changed since the cache was last kept under it.
 */
export function boundResultCache(dir: string, maxBytes: number, storedAny: boolean): void {
  const stamp = join(dir, BOUND_FILE);
  let bound: string | undefined;
  try {
    bound = readFileSync(stamp, 'utf8');
  } catch {
    // never bounded
  }
  if (!storedAny && bound === String(maxBytes)) return;
  evictResultCache(dir, maxBytes);
  try {
    writeFileSync(stamp, String(maxBytes));
  } catch {
    // an unwritable cache only means the next run lists it again
  }
}

/**
 * evictResultCache without blocking the event loop while it lists the folder: for a long-lived
 * process (a server worker) that keeps answering requests meanwhile. With `nested`, `dir` holds
 * one cache per subfolder (a server keeps one per account) and the bound is over all of them.
 */
export async function evictResultCacheInBackground(
  dir: string,
  maxBytes: number,
  { nested = false }: { nested?: boolean } = {},
): Promise<{ removed: number; kept: number }> {
  const caches = nested
    ? (await readdir(dir).catch(() => [] as string[])).map((name) => join(dir, name))
    : [dir];
  const entries: StoredEntry[] = [];
  for (const cache of caches) {
    const folders = await readdir(cache).catch(() => [] as string[]);
    for (const name of folders) {
      const folder = join(cache, name);
      const names = await readdir(folder).catch(() => [] as string[]);
      const infos = await Promise.all(
        names.map(async (file) => {
          const info = await stat(join(folder, file)).catch(() => undefined);
          return info && { name: file, size: info.size, used: usedMs(info) };
        }),
      );
      const files = infos.filter((info): info is ListedFile => info !== undefined);
      entries.push(...storedEntries(folder, name === PACKS_FOLDER, files));
    }
  }
  let removed = 0;
  for (const paths of oldestBeyond(entries, maxBytes)) {
    let gone = false;
    for (const path of paths) {
      if (
        await unlink(path).then(
          () => true,
          () => false,
        )
      )
        gone = true;
    }
    if (gone) removed++;
  }
  return { removed, kept: entries.length - removed };
}

/** The entries to remove, least recently used first, until the rest fit in `maxBytes`. */
function oldestBeyond(entries: StoredEntry[], maxBytes: number): (readonly string[])[] {
  let total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total <= maxBytes) return [];
  const victims: (readonly string[])[] = [];
  for (const entry of [...entries].sort((a, b) => a.used - b.used)) {
    if (total <= maxBytes) break;
    victims.push(entry.paths);
    total -= entry.size;
  }
  return victims;
}
