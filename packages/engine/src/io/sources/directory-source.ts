import { lstatSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { basename, join, resolve } from 'node:path';
import type { FileStamp, SourceEntry, SourceTree } from '../../core/types.js';
import { EngineError } from '../../errors.js';
import { comparePaths, sortByPath } from './entry-path.js';
import { createLimiter } from './limit-concurrency.js';

export interface DirectorySourceOptions {
  /**
   * Called for every folder before it is entered, with its parent's relative path ('' at the
   * root) and its name; true means "do not descend" (node_modules, .git...).
   */
  readonly prune?: (relativeDir: string, name: string) => boolean;
}

/** Parallel directory reads: enough to hide disk latency without exhausting descriptors. */
const READDIR_CONCURRENCY = 32;
/**
 * Sizes come from synchronous lstat in batches: measured on a 24k-file node_modules, an async
 * lstat per file costs ~50 us of thread-pool round trip against ~5 us inline (1.3 s vs 0.4 s for
 * the walk). Yielding between batches keeps the event loop responsive in a server worker.
 */
const STAT_BATCH = 256;

/**
 * A folder on disk as a source tree. Symbolic links are not followed (a link could point outside
 * the folder or into a cycle); sockets, FIFOs and devices are not files.
 */
export async function openDirectorySource(
  dir: string,
  options: DirectorySourceOptions = {},
): Promise<SourceTree> {
  const root = resolve(dir);
  await assertDirectory(dir, root);
  const limit = createLimiter(READDIR_CONCURRENCY);
  const entries: SourceEntry[] = [];
  const prunedDirectories: string[] = [];

  async function walk(relativeDir: string): Promise<void> {
    const dirents = await limit(() => readdirIfPresent(join(root, relativeDir), relativeDir));
    const subfolders: Promise<void>[] = [];
    const files: string[] = [];
    for (const dirent of dirents) {
      const path = relativeDir === '' ? dirent.name : `${relativeDir}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (options.prune?.(relativeDir, dirent.name) === true) prunedDirectories.push(path);
        else subfolders.push(walk(path));
      } else if (dirent.isFile()) {
        files.push(path);
      }
    }
    await addFiles(files);
    await Promise.all(subfolders);
  }

  async function addFiles(paths: readonly string[]): Promise<void> {
    for (let index = 0; index < paths.length; index += 1) {
      if (index > 0 && index % STAT_BATCH === 0) await yieldToEventLoop();
      const path = paths[index] as string;
      const absolute = join(root, path);
      const info = statusIfPresent(absolute, path);
      if (info !== undefined) {
        entries.push({
          path,
          size: info.size,
          read: () => readFile(absolute),
          location: { kind: 'file', file: absolute, size: info.size, stamp: stampOf(info) },
        });
      }
    }
  }

  await walk('');
  return {
    name: basename(root),
    kind: 'directory',
    entries: sortByPath(entries),
    prunedDirectories: prunedDirectories.sort(comparePaths),
    close: () => Promise.resolve(),
  };
}

async function assertDirectory(dir: string, root: string): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch (error) {
    if (isMissing(error)) throw new EngineError('SOURCE_NOT_FOUND', `No folder at ${dir}.`);
    throw new EngineError('SOURCE_UNREADABLE', `Cannot read the folder ${dir}: ${String(error)}`);
  }
  if (!isDirectory) throw new EngineError('SOURCE_NOT_FOUND', `${dir} is not a folder.`);
}

// A file or folder removed while we walk is simply no longer part of the tree; any other
// failure (permissions, I/O) would silently drop files, so it stops the walk with the path.
async function readdirIfPresent(absolute: string, relativeDir: string) {
  try {
    return await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw unreadable(relativeDir === '' ? '.' : relativeDir, error);
  }
}

function stampOf(info: Stats): FileStamp {
  return {
    key: `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}:${info.dev}`,
    changedMs: Math.max(info.mtimeMs, info.ctimeMs),
  };
}

function statusIfPresent(absolute: string, path: string): Stats | undefined {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false });
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw unreadable(path, error);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function unreadable(path: string, error: unknown): EngineError {
  const reason = (error as NodeJS.ErrnoException).code ?? String(error);
  return new EngineError('SOURCE_UNREADABLE', `Cannot read "${path}" (${reason}).`, path);
}
