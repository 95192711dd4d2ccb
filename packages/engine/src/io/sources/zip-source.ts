import { resolve } from 'node:path';
import type {
  ArchivePart,
  SourceEntry,
  SourceTree,
  ZipEntryLocation,
  ZipListing,
} from '../../core/types.js';
import { ArchiveBytes, archiveName } from './archive-bytes.js';
import type { ArchiveFiles } from './archive-bytes.js';
import { sortByPath } from './entry-path.js';
import { assertArchiveFiles, openArchive } from './zip-archive.js';
import { readZipEntry } from './zip-read-entry.js';
import { resolveZipLimits } from './zip-limits.js';
import type { ZipLimits } from './zip-limits.js';

/** A local header's fixed part and the largest name and extra field it can add. */
const MAX_LOCAL_HEADER_BYTES = 30 + 0xffff + 0xffff;

/**
 * A ZIP (one file, or an archive kept in parts) as a source tree. Every entry is validated before
 * this resolves; content is inflated per entry on `read()`, so the archive is never unpacked or
 * held whole. Reads may overlap. `known`, the listing of an earlier open of the same bytes
 * (SourceTree.listing), spares reading and judging the directory again; the caller vouches that
 * the bytes did not change (a listing of another size is ignored).
 */
export async function openZipSource(
  archive: ArchiveFiles,
  limits?: Partial<ZipLimits>,
  known?: ZipListing,
): Promise<SourceTree> {
  await assertArchiveFiles(archive);
  const bytes = await ArchiveBytes.open(archive);
  try {
    // A listing belongs to the bytes it was made from: another size is another archive.
    const listing =
      known?.archiveBytes === bytes.size ? known : await judgedListing(archive, limits);
    return openListed(archive, listing, bytes);
  } catch (error) {
    await bytes.close();
    throw error;
  }
}

/** The listing of an archive whose central directory is read and judged now. */
async function judgedListing(
  archive: ArchiveFiles,
  limits: Partial<ZipLimits> | undefined,
): Promise<ZipListing> {
  const { zipfile, files, archiveBytes } = await openArchive(archive, resolveZipLimits(limits));
  // yauzl judged the central directory; content is read through our own handle.
  zipfile.close();
  return {
    archiveBytes,
    files: files.map(({ path, entry }) => [
      path,
      {
        localHeaderOffset: entry.relativeOffsetOfLocalHeader,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        method: entry.compressionMethod,
        crc32: entry.crc32,
      },
    ]),
  };
}

function openListed(archive: ArchiveFiles, listing: ZipListing, bytes: ArchiveBytes): SourceTree {
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
  const entries: SourceEntry[] = listing.files.map(([path, location]) => ({
    path,
    size: location.uncompressedSize,
    read: () => readZipEntry(bytes, location, path),
    location: { kind: 'zip', archive: whole ?? partsOf(location), ...location },
  }));
  let closing: Promise<void> | undefined;
  return {
    name: archiveName(archive),
    kind: 'zip',
    entries: sortByPath(entries),
    listing,
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
