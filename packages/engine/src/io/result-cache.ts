import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { FileStageOptions } from '../config/options.js';
import { baseName } from '../core/base-name.js';
import type { FileOutcome } from '../core/process-file.js';
import { replaceFile } from './replace-file.js';

/**
 * A content-addressed cache of the file stage's results: a file's decoded, transformed text with
 * its token and line counts, notes and outline, keyed by everything that decides them (the
 * bytes, the file's name, the file-stage options and the engine build). A second pack of the same
 * input reads each result instead of transforming and tokenizing again, and copies of a file in
 * other folders share one result: the file stage reads a file's name, never its folders.
 *
 * Entries are files named by their key; each is written to a temporary name and renamed into
 * place, so two runs at once never read a half-written entry. The cache is bounded by size:
 * `evictResultCache` removes the least recently used entries beyond it.
 */
export interface ResultCache {
  readonly dir: string;
  /** Identifies the engine build: results of another build are never read. */
  readonly build: string;
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
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|ts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const info = statSync(path);
        hash.update(`${path}\0${info.size}\0${info.mtimeMs}\n`);
      }
    }
  };
  walk(root);
  return hash.digest('hex').slice(0, 16);
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
  return createHash('sha256').update(bytes).digest('hex');
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
  return keyBase(cache.build, options)
    .copy()
    .update(baseName(path))
    .update('\0')
    .update(digest)
    .digest('hex');
}

/** The hash of the build and options, started once per options object (a run has one or two). */
const keyBases = new WeakMap<FileStageOptions, { build: string; hash: Hash }>();

function keyBase(build: string, options: FileStageOptions): Hash {
  const known = keyBases.get(options);
  if (known?.build === build) return known.hash;
  const keyed = keyedOptions(options);
  const hash = createHash('sha256')
    .update(build)
    .update('\0')
    .update(JSON.stringify(keyed, Object.keys(keyed).sort()))
    .update('\0');
  keyBases.set(options, { build, hash });
  return hash;
}

function entryPath(cache: ResultCache, key: string): string {
  return join(cache.dir, key.slice(0, 2), key);
}

/**
 * The stored result, as the result of the file at `path` (it may have been stored for a copy of
 * the file in another folder), or undefined on a miss (or an entry that cannot be read).
 */
export function readCachedOutcome(
  cache: ResultCache,
  key: string,
  path: string,
): FileOutcome | undefined {
  let outcome: FileOutcome;
  try {
    outcome = deserialize(readFileSync(entryPath(cache, key))) as FileOutcome;
  } catch {
    return undefined;
  }
  // Only results are stored (see writeCachedOutcome).
  if (!outcome.ok) return undefined;
  // A deserialized typed array may be a view on a shared pool; the pipeline transfers this one
  // between threads, so it gets a buffer of its own.
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

/** Stores a result; a cache that cannot be written is skipped, never a failed pack. */
export function writeCachedOutcome(cache: ResultCache, key: string, outcome: FileOutcome): void {
  replaceFile(entryPath(cache, key), serialize(outcome));
}

interface StoredEntry {
  readonly path: string;
  readonly size: number;
  /** When the entry was last read or written (ms). */
  readonly used: number;
}

/**
 * Keeps the cache under `maxBytes`: the entries used longest ago go first (reads refresh an
 * entry's access time where the file system records it; its write time otherwise). Safe while
 * other processes read, write or evict: an entry removed meanwhile is skipped, and a reader that
 * loses an entry only misses.
 */
export function evictResultCache(dir: string, maxBytes: number): { removed: number; kept: number } {
  const entries: StoredEntry[] = [];
  let shards: string[];
  try {
    shards = readdirSync(dir);
  } catch {
    return { removed: 0, kept: 0 };
  }
  for (const shard of shards) {
    let names: string[];
    try {
      names = readdirSync(join(dir, shard));
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(dir, shard, name);
      try {
        const info = statSync(path);
        entries.push({ path, size: info.size, used: Math.max(info.atimeMs, info.mtimeMs) });
      } catch {
        // removed by another run meanwhile
      }
    }
  }
  let removed = 0;
  for (const path of oldestBeyond(entries, maxBytes)) {
    try {
      unlinkSync(path);
      removed++;
    } catch {
      // another run removed it first
    }
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
    const shards = await readdir(cache).catch(() => [] as string[]);
    for (const shard of shards) {
      const names = await readdir(join(cache, shard)).catch(() => [] as string[]);
      const infos = await Promise.all(
        names.map(async (name) => {
          const path = join(cache, shard, name);
          const info = await stat(path).catch(() => undefined);
          return info && { path, size: info.size, used: Math.max(info.atimeMs, info.mtimeMs) };
        }),
      );
      for (const info of infos) if (info) entries.push(info);
    }
  }
  let removed = 0;
  for (const path of oldestBeyond(entries, maxBytes)) {
    if (
      await unlink(path).then(
        () => true,
        () => false,
      )
    )
      removed++;
  }
  return { removed, kept: entries.length - removed };
}

/** The entries to remove, least recently used first, until the rest fit in `maxBytes`. */
function oldestBeyond(entries: StoredEntry[], maxBytes: number): string[] {
  let total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total <= maxBytes) return [];
  const victims: string[] = [];
  for (const entry of [...entries].sort((a, b) => a.used - b.used)) {
    if (total <= maxBytes) break;
    victims.push(entry.path);
    total -= entry.size;
  }
  return victims;
}
