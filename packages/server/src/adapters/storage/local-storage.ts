import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import {
  access,
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  StorageNotFoundError,
  StorageUnavailableError,
  type ObjectStorage,
} from './object-storage.js';
import { assertValidKey, compareKeys, RESERVED_TOP_FOLDER, toFolderPrefix } from './storage-key.js';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** Runs `write`, and once more after making `folder` when the first try found it missing. */
async function inFolder(folder: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(folder, { recursive: true });
    await write();
  }
}

/** A file system that cannot give a file a second name: the bytes are copied instead. */
const LINK_REFUSED = new Set(['EPERM', 'EXDEV', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP']);

/** Objects as files under `${dataDir}/storage`, written to `.tmp/` first and renamed into place. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly tmpDir: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'storage');
    this.tmpDir = join(this.root, RESERVED_TOP_FOLDER);
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const temp = join(this.tmpDir, randomUUID());
    try {
      let size: number;
      // `flush` syncs the data before the rename, so a crash cannot expose an empty file either.
      // Folders are made when a write finds them missing: a job stores hundreds of outputs in
      // one folder, and making it before each cost a system call or two per output.
      if (body instanceof Uint8Array) {
        await inFolder(this.tmpDir, () => writeFile(temp, body, { flush: true }));
        size = body.byteLength;
      } else {
        // A stream cannot be written again: its folder is made first.
        await mkdir(this.tmpDir, { recursive: true });
        const out = createWriteStream(temp, { flush: true });
        await pipeline(body, out);
        size = out.bytesWritten;
      }
      await inFolder(dirname(target), () => rename(temp, target));
      return { size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    return (await this.openObject(key)).createReadStream();
  }

  /** The object's file, open for reading; StorageNotFoundError when there is none. */
  private async openObject(key: string): Promise<FileHandle> {
    const handle = await open(this.pathOf(key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? new StorageNotFoundError(key) : error;
    });
    // Opening a folder succeeds on Linux; only files are objects.
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new StorageNotFoundError(key);
    }
    return handle;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<Array<{ key: string; size: number }>> {
    const folder = toFolderPrefix(prefix, true);
    const objects = await this.walk(folder);
    return objects.sort(compareKeys);
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    const info = await lstat(path).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (info?.isFile()) await rm(path, { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = toFolderPrefix(prefix, false);
    const path = this.pathOf(folder.slice(0, -1));
    const info = await lstat(path).catch(() => null);
    if (!info?.isDirectory()) return 0;
    const removed = (await this.walk(folder)).length;
    await rm(path, { recursive: true, force: true });
    return removed;
  }

  async copy(source: string, target: string): Promise<void> {
    assertValidKey(target);
    // Only a file is an object: openObject says when the source is missing or a folder.
    await (await this.openObject(source)).close();
    const from = this.pathOf(source);
    const to = this.pathOf(target);
    const temp = join(this.tmpDir, randomUUID());
    try {
      // Objects are never changed in place (a put renames a new file over the old), so two names
      // for one file stay independent objects.
      await inFolder(this.tmpDir, () => link(from, temp)).catch(async (error: unknown) => {
        if (!LINK_REFUSED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        await copyFile(from, temp);
        const handle = await open(temp, 'r+');
        await handle.sync().finally(() => handle.close());
      });
      await inFolder(dirname(to), () => rename(temp, to));
    } catch (error) {
      await rm(temp, { force: true });
      throw isMissing(error) ? new StorageNotFoundError(source) : error;
    }
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    const path = this.pathOf(key);
    if ((await this.stat(key)) === null) throw new StorageNotFoundError(key);
    return { path, release: async () => {} };
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.tmpDir, { recursive: true });
      await access(this.tmpDir, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new StorageUnavailableError(`Local storage at ${this.root} is not writable`, {
        cause: error,
      });
    }
  }

  /** The file of a key; validation keeps it inside the root, the prefix check makes sure. */
  private pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage path escaped: ${key}`);
    return path;
  }

  /** Every file under a folder prefix ('' for all, skipping the temp folder), unsorted. */
  private async walk(folder: string): Promise<Array<{ key: string; size: number }>> {
    const found: Array<{ key: string; size: number }> = [];
    const visit = async (dir: string, keyPrefix: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      await Promise.all(
        entries.map(async (entry) => {
          const key = keyPrefix + entry.name;
          if (key === RESERVED_TOP_FOLDER) return;
          const path = join(dir, entry.name);
          if (entry.isDirectory()) return visit(path, `${key}/`);
          if (!entry.isFile()) return;
          // A file deleted between readdir and stat is simply no longer listed.
          const info = await stat(path).catch(() => null);
          if (info) found.push({ key, size: info.size });
        }),
      );
    };
    await visit(folder === '' ? this.root : this.pathOf(folder.slice(0, -1)), folder);
    return found;
  }
}
