import type { ZipEntry } from './read-central-directory.js';
import { ZipError } from './zip-error.js';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const STORED = 0;
const DEFLATE = 8;

export interface EntryContent {
  bytes: Uint8Array;
  /** True when the entry is longer than `maxBytes` and only its start was decompressed. */
  truncated: boolean;
}

async function dataStart(blob: Blob, entry: ZipEntry): Promise<number> {
  const header = new Uint8Array(
    await blob
      .slice(entry.localHeaderOffset, entry.localHeaderOffset + LOCAL_HEADER_SIZE)
      .arrayBuffer(),
  );
  const view = new DataView(header.buffer);
  if (header.length < LOCAL_HEADER_SIZE || view.getUint32(0, true) !== LOCAL_SIGNATURE) {
    throw new ZipError('corrupt', `The local header of ${entry.path} is damaged.`);
  }
  return (
    entry.localHeaderOffset +
    LOCAL_HEADER_SIZE +
    view.getUint16(26, true) +
    view.getUint16(28, true)
  );
}

async function readStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<EntryContent> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    total += value.length;
    if (total >= maxBytes) {
      truncated = true;
      // Stop inflating: the rest of a large entry is never decompressed.
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(total, maxBytes));
  let at = 0;
  for (const part of parts) {
    const take = Math.min(part.length, bytes.length - at);
    bytes.set(part.subarray(0, take), at);
    at += take;
    if (at >= bytes.length) break;
  }
  return { bytes, truncated };
}

/**
 * Decompresses one entry on demand (stored or deflate, via the browser's DecompressionStream),
 * at most `maxBytes` of it: previews never inflate more than they show.
 */
export async function readZipEntry(
  blob: Blob,
  entry: ZipEntry,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<EntryContent> {
  if ((entry.flags & 0x1) !== 0) {
    throw new ZipError('unsupported', `${entry.path} is encrypted.`);
  }
  const start = await dataStart(blob, entry);
  const compressed = blob.slice(start, start + entry.compressedSize);
  if (entry.method === STORED) {
    const end = Math.min(entry.compressedSize, maxBytes);
    const bytes = new Uint8Array(await compressed.slice(0, end).arrayBuffer());
    return { bytes, truncated: entry.compressedSize > end };
  }
  if (entry.method !== DEFLATE) {
    throw new ZipError('unsupported', `${entry.path} uses compression method ${entry.method}.`);
  }
  try {
    const inflated = compressed
      .stream()
      .pipeThrough(
        new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<
          Uint8Array,
          Uint8Array
        >,
      );
    const content = await readStream(inflated, maxBytes);
    return { ...content, truncated: content.truncated && entry.size > content.bytes.length };
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError('corrupt', `${entry.path} could not be decompressed.`);
  }
}
