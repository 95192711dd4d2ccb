import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { ArchiveFiles } from '@repobundle/engine';
import { StorageNotFoundError, type ObjectStorage } from '../adapters/storage/object-storage.js';

/**
 * A job's archive is one object (a repository's `git archive`), or the parts of an upload kept
 * under a folder whose key ends in `/`: copied from the upload's chunks, never joined, since
 * joining wrote and synced the whole archive a second time (the engine reads it in parts).
 */
export function isPartsKey(archiveKey: string): boolean {
  return archiveKey.endsWith('/');
}

/** The name of part `index` under a parts folder; the width keeps key order the part order. */
export function archivePartKey(prefix: string, index: number): string {
  return `${prefix}part-${String(index).padStart(6, '0')}`;
}

/** Parts copied at once: a link on disk, a request to S3. */
const COPY_CONCURRENCY = 8;

/** Copies an upload's chunks, in order, as the parts of an archive under `prefix`. */
export async function copyArchiveParts(
  storage: ObjectStorage,
  chunkKeys: readonly string[],
  prefix: string,
): Promise<void> {
  for (let start = 0; start < chunkKeys.length; start += COPY_CONCURRENCY) {
    const batch = chunkKeys.slice(start, start + COPY_CONCURRENCY);
    await Promise.all(
      batch.map((key, offset) => storage.copy(key, archivePartKey(prefix, start + offset))),
    );
  }
}

/**
 * What an archive kept in parts is known by (its facts are kept under it): the SHA-256 of its
 * parts' SHA-256s in order, which the parts' bytes determine as surely as the whole's SHA-256;
 * undefined when a part's digest was not taken. The tag keeps it apart from a plain digest.
 */
export function partsDigest(partDigests: readonly (string | null)[]): string | undefined {
  if (partDigests.some((digest) => digest === null)) return undefined;
  const hash = createHash('sha256').update('archive-parts-1');
  for (const digest of partDigests) hash.update(`\n${digest}`);
  return hash.digest('hex');
}

export interface LocalArchive {
  /** What the engine opens: the file, or the parts with the archive's name for messages. */
  readonly files: ArchiveFiles;
  readonly size: number;
  /** Removes the temporary copies a remote storage made. */
  release(): Promise<void>;
}

/** A job's archive as local files. */
export async function localArchive(
  storage: ObjectStorage,
  archiveKey: string,
  name: string,
): Promise<LocalArchive> {
  if (!isPartsKey(archiveKey)) {
    const local = await storage.localFile(archiveKey);
    const size = await stat(local.path).then(
      (info) => info.size,
      async (error: unknown) => {
        await local.release();
        throw error;
      },
    );
    return { files: local.path, size, release: local.release };
  }
  const listed = await storage.list(archiveKey);
  if (listed.length === 0) throw new StorageNotFoundError(archiveKey);
  const held: { path: string; release(): Promise<void> }[] = [];
  const release = async () => {
    await Promise.all(held.map((local) => local.release()));
  };
  try {
    for (const part of listed) held.push(await storage.localFile(part.key));
  } catch (error) {
    await release();
    throw error;
  }
  return {
    files: { name, parts: held.map((local) => local.path) },
    size: listed.reduce((sum, part) => sum + part.size, 0),
    release,
  };
}

/** Removes a job's archive, in whichever form it was kept. */
export async function deleteArchive(storage: ObjectStorage, archiveKey: string): Promise<void> {
  if (isPartsKey(archiveKey)) await storage.deletePrefix(archiveKey);
  else await storage.delete(archiveKey);
}
