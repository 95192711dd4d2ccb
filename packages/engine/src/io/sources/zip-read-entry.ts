import { closeSync, openSync, readSync } from 'node:fs';
import { promisify } from 'node:util';
import { crc32, inflateRaw, inflateRawSync } from 'node:zlib';
import type { ArchivePart, ZipEntryLocation } from '../../core/types.js';
import { EngineError } from '../../errors.js';
import { readPartsSync } from './archive-bytes.js';
import type { ArchiveBytes } from './archive-bytes.js';

const inflate = promisify(inflateRaw);
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;

/**
 * Reads one entry straight from the archive file: its local header, then its compressed bytes in
 * one read, inflated and bounded to the declared size (a bomb cannot grow past it). Measured on
 * 1,000 entries of real code: about 4x faster than yauzl's per-entry streams. The CRC is checked.
 * A failure here is about this one file, so it is SOURCE_UNREADABLE with the path, which the
 * pipeline records as a skipped file. This variant inflates on libuv's thread pool.
 */
export async function readZipEntry(
  archive: ArchiveBytes,
  entry: ZipEntryLocation,
  path: string,
): Promise<Uint8Array> {
  assertMethod(entry, path);
  let bytes: Buffer;
  try {
    const header = Buffer.alloc(LOCAL_HEADER_BYTES);
    const bytesRead = await archive.read(header, 0, header.length, entry.localHeaderOffset);
    const raw = Buffer.allocUnsafe(entry.compressedSize);
    const read = await archive.read(raw, 0, raw.length, dataStart(header, bytesRead, entry));
    if (read !== raw.length) throw new Error('the archive ends inside this entry');
    bytes = entry.method === 0 ? raw : await inflate(raw, inflateOptions(entry));
  } catch (error) {
    throw asUnreadable(error, path);
  }
  return checked(bytes, entry, path);
}

/**
 * The same read, synchronous, for a worker thread that reads its own files: from the archive
 * file, or from the parts of an archive kept in parts that hold the entry.
 */
export function readZipEntrySync(
  archive: string | readonly ArchivePart[],
  entry: ZipEntryLocation,
  path: string,
): Uint8Array {
  assertMethod(entry, path);
  let bytes: Buffer;
  try {
    const read = partsReader(archive);
    try {
      const header = Buffer.alloc(LOCAL_HEADER_BYTES);
      const bytesRead = read.bytes(header, entry.localHeaderOffset);
      const raw = Buffer.allocUnsafe(entry.compressedSize);
      if (read.bytes(raw, dataStart(header, bytesRead, entry)) !== raw.length) {
        throw new Error('the archive ends inside this entry');
      }
      bytes = entry.method === 0 ? raw : inflateRawSync(raw, inflateOptions(entry));
    } finally {
      read.close();
    }
  } catch (error) {
    throw asUnreadable(error, path);
  }
  return checked(bytes, entry, path);
}

/** Whole-buffer reads at a position of the archive, from its one file or from its parts. */
function partsReader(archive: string | readonly ArchivePart[]): {
  bytes(buffer: Buffer, position: number): number;
  close(): void;
} {
  if (typeof archive !== 'string') {
    return {
      bytes: (buffer, position) => readPartsSync(archive, buffer, 0, buffer.length, position),
      close: () => undefined,
    };
  }
  const fd = openSync(archive, 'r');
  return {
    bytes: (buffer, position) => readSync(fd, buffer, 0, buffer.length, position),
    close: () => closeSync(fd),
  };
}

function assertMethod(entry: ZipEntryLocation, path: string): void {
  if (entry.method !== 0 && entry.method !== 8) {
    throw unreadable(path, `compression method ${entry.method} is not supported`);
  }
}

function checked(bytes: Buffer, entry: ZipEntryLocation, path: string): Uint8Array {
  if (bytes.length !== entry.uncompressedSize) {
    throw unreadable(
      path,
      `${bytes.length} bytes instead of the declared ${entry.uncompressedSize}`,
    );
  }
  if (crc32(bytes) !== entry.crc32) throw unreadable(path, 'CRC-32 mismatch (corrupt data)');
  return bytes;
}

function asUnreadable(error: unknown, path: string): EngineError {
  const reason = error instanceof Error ? error.message : String(error);
  return unreadable(path, /closed|EBADF/i.test(reason) ? 'the archive is closed' : reason);
}
/** Where the entry's data begins, after its local header's name and extra field. */
function dataStart(header: Buffer, bytesRead: number, entry: ZipEntryLocation): number {
  if (bytesRead !== LOCAL_HEADER_BYTES || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) {
    throw new Error('no local file header where the central directory points');
  }
  return (
    entry.localHeaderOffset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28)
  );
}

function inflateOptions(entry: ZipEntryLocation) {
  return { maxOutputLength: Math.max(entry.uncompressedSize, 1) };
}

function unreadable(path: string, reason: string): EngineError {
  return new EngineError(
    'SOURCE_UNREADABLE',
    `Cannot read archive entry "${path}": ${reason}.`,
    path,
  );
}
