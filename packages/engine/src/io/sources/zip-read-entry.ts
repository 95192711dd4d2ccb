import { crc32 } from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { EngineError } from '../../errors.js';

/**
 * Streams one entry (inflating when deflated) into a buffer of exactly its declared size and
 * checks the CRC. A failure here is about this one file, so it is SOURCE_UNREADABLE with the
 * path, which selection records as a skipped file instead of failing the job.
 */
export async function readZipEntry(
  zipfile: ZipFile,
  entry: Entry,
  path: string,
): Promise<Uint8Array> {
  if (!entry.canDecodeFileData()) {
    throw unreadable(path, `compression method ${entry.compressionMethod} is not supported`);
  }
  if (!zipfile.isOpen) throw unreadable(path, 'the archive is closed');
  const size = entry.uncompressedSize;
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  try {
    const stream = await zipfile.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // yauzl asserts the count too; this guard keeps the copy in bounds regardless.
      if (filled + chunk.length > size)
        throw new Error(`more data than the declared ${size} bytes`);
      chunk.copy(bytes, filled);
      filled += chunk.length;
    }
  } catch (error) {
    throw unreadable(path, error instanceof Error ? error.message : String(error));
  }
  if (filled !== size) throw unreadable(path, `${filled} bytes instead of the declared ${size}`);
  if (crc32(bytes) !== entry.crc32) throw unreadable(path, 'CRC-32 mismatch (corrupt data)');
  return bytes;
}

function unreadable(path: string, reason: string): EngineError {
  return new EngineError(
    'SOURCE_UNREADABLE',
    `Cannot read archive entry "${path}": ${reason}.`,
    path,
  );
}
