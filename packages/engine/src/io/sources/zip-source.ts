import { resolve } from 'node:path';
import type { ArchivePart, SourceEntry, SourceTree, ZipEntryLocation } from '../../core/types.js';
import { ArchiveBytes, archiveName } from './archive-bytes.js';
import type { ArchiveFiles } from './archive-bytes.js';
import { sortByPath } from './entry-path.js';
import { openArchive } from './zip-archive.js';
import { readZipEntry } from './zip-read-entry.js';
import { resolveZipLimits } from './zip-limits.js';
import type { ZipLimits } from './zip-limits.js';

/** A local header's fixed part and the largest name and extra field it can add. */
const MAX_LOCAL_HEADER_BYTES = 30 + 0xffff + 0xffff;

/**
 * A ZIP (one file, or an archive kept in parts) as a source tree. Every entry is validated before
 * this resolves; content is inflated per entry on `read()`, so the archive is never unpacked or
 * held whole. Reads may overlap.
 */
export async function openZipSource(
  archive: ArchiveFiles,
  limits?: Partial<ZipLimits>,
): Promise<SourceTree> {
  const { zipfile, files } = await openArchive(archive, resolveZipLimits(limits));
  // yauzl judged the central directory; content is read through our own handle.
  zipfile.close();
  const bytes = await ArchiveBytes.open(archive);
  // A worker thread reads an entry itself: from the archive file, or from the parts holding it.
  const whole = typeof archive === 'string' ? resolve(archive) : undefined;
  const absoluteParts: readonly ArchivePart[] = bytes.parts.map((part) => ({
    ...part,
    path: resolve(part.path),
  }));
  const partsOf = (location: ZipEntryLocation): readonly ArchivePart[] => {
    const start = location.localHeaderOffset;
    const end = start + MAX_LOCAL_HEADER_BYTES + location.compressedSize;
    return absoluteParts.filter((part) => part.start < end && part.start + part.size > start);
  };
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
      read: () => readZipEntry(bytes, location, path),
      location: { kind: 'zip', archive: whole ?? partsOf(location), ...location },
    };
  });
  let closing: Promise<void> | undefined;
  return {
    name: archiveName(archive),
    kind: 'zip',
    entries: sortByPath(entries),
    close: () => (closing ??= bytes.close()),
  };
}

/** Validation only, for the server right after an upload: the checks openZipSource runs. */
export async function checkZipFile(
  archive: ArchiveFiles,
  limits?: Partial<ZipLimits>,
): Promise<{ entries: number; totalBytes: number }> {
  const { zipfile, files, totalBytes } = await openArchive(archive, resolveZipLimits(limits));
  zipfile.close();
  return { entries: files.length, totalBytes };
}
