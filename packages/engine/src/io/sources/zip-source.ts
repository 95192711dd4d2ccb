import { open } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { SourceEntry, SourceTree, ZipEntryLocation } from '../../core/types.js';
import { sortByPath } from './entry-path.js';
import { openArchive } from './zip-archive.js';
import { readZipEntry } from './zip-read-entry.js';
import { resolveZipLimits } from './zip-limits.js';
import type { ZipLimits } from './zip-limits.js';

/**
 * A ZIP as a source tree. Every entry is validated before this resolves; content is inflated
 * per entry on `read()`, so the archive is never unpacked or held whole. Reads may overlap.
 */
export async function openZipSource(
  file: string,
  limits?: Partial<ZipLimits>,
): Promise<SourceTree> {
  const { zipfile, files } = await openArchive(file, resolveZipLimits(limits));
  // yauzl judged the central directory; content is read through our own handle.
  zipfile.close();
  const handle = await open(file, 'r');
  const absolute = resolve(file);
  const entries: SourceEntry[] = files.map(({ path, entry }) => {
    const location: ZipEntryLocation = {
      localHeaderOffset: entry.relativeOffsetOfLocalHeader,
      compressedSize: entry.compressedSize,
      uncompressedSize: entry.uncompressedSize,
      method: entry.compressionMethod,
      crc32: entry.crc32,
    };
    return {
      path,
      size: entry.uncompressedSize,
      read: () => readZipEntry(handle, location, path),
      location: { kind: 'zip', archive: absolute, ...location },
    };
  });
  let closing: Promise<void> | undefined;
  return {
    name: basename(file),
    kind: 'zip',
    entries: sortByPath(entries),
    close: () => (closing ??= handle.close()),
  };
}

/** Validation only, for the server right after an upload: the checks openZipSource runs. */
export async function checkZipFile(
  file: string,
  limits?: Partial<ZipLimits>,
): Promise<{ entries: number; totalBytes: number }> {
  const { zipfile, files, totalBytes } = await openArchive(file, resolveZipLimits(limits));
  zipfile.close();
  return { entries: files.length, totalBytes };
}
