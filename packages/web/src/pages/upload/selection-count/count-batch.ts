import { countLinesInBytes } from '@repobundle/contract/files';
import type { TokenCounter } from '@repobundle/engine/tokens';
import type { BatchCounts, CountBatch } from './count-messages.js';
import { inflateEntry } from './inflate-entry.js';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const STORED = 0;
const DEFLATE = 8;
const ENCRYPTED = 0x1;
/** Entries closer than this are read together: one read of a little unused data is cheaper. */
const MAX_GAP = 64 * 1024;
/** Where a NUL byte marks a file as binary: the engine skips it, so it has no tokens. */
const BINARY_SNIFF_BYTES = 8000;

const decoder = new TextDecoder('utf-8');

/** Where entries are inflated, one after another; grown to the largest entry seen. */
let scratch = new Uint8Array(0);

function scratchFor(size: number): Uint8Array {
  if (scratch.length < size) scratch = new Uint8Array(Math.max(size, scratch.length * 2));
  return scratch;
}

/** Neighbouring entries read with one slice of the archive: entries [from, to) of the batch. */
interface Run {
  from: number;
  to: number;
  start: number;
  bytes: Promise<ArrayBuffer>;
}

/**
 * Starts reading a batch's bytes at once, a few large slices instead of one small read per
 * entry, so the next batch's reads are under way while this thread counts.
 */
export function readBatch(blob: Blob, batch: CountBatch): Run[] {
  const runs: Run[] = [];
  const count = batch.files.length;
  for (let from = 0; from < count;) {
    let to = from + 1;
    while (to < count && batch.offsets[to]! - batch.ends[to - 1]! <= MAX_GAP) to++;
    const start = batch.offsets[from]!;
    const end = Math.min(blob.size, batch.ends[to - 1]!);
    const bytes = blob.slice(start, end).arrayBuffer();
    // Handled where the batch is counted; a batch dropped unread must not report a rejection.
    bytes.catch(() => undefined);
    runs.push({ from, to, start, bytes });
    from = to;
  }
  return runs;
}

/** The entry's compressed bytes: from its run, or read on their own when the run lacks them. */
async function entryData(
  blob: Blob,
  run: Uint8Array,
  runStart: number,
  offset: number,
  size: number,
) {
  const at = offset - runStart;
  const view = new DataView(run.buffer, run.byteOffset, run.byteLength);
  if (at + LOCAL_HEADER_SIZE > run.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw new Error('its local header is damaged');
  }
  const dataAt =
    at + LOCAL_HEADER_SIZE + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (dataAt + size <= run.length) return run.subarray(dataAt, dataAt + size);
  const start = runStart + dataAt;
  return new Uint8Array(await blob.slice(start, start + size).arrayBuffer());
}

/** Lines (as credits are priced) and tokens of one file's bytes. */
export function countBytes(
  bytes: Uint8Array,
  counter: TokenCounter,
): { lines: number; tokens: number } {
  const lines = countLinesInBytes(bytes);
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { lines, tokens: 0 };
  const tokens = counter.countUtf8
    ? counter.countUtf8(bytes)
    : counter.count(decoder.decode(bytes));
  return { lines, tokens };
}

/**
 * Counts every entry of a batch whose reads `readBatch` started: inflates each one (stored or
 * deflated), then its lines with the server's rule and its tokens with the engine's counter. An
 * entry that cannot be read is reported, not fatal.
 */
export async function countBatch(
  blob: Blob,
  batch: CountBatch,
  runs: readonly Run[],
  counter: TokenCounter,
): Promise<BatchCounts> {
  const count = batch.files.length;
  const lines = new Float64Array(count);
  const tokens = new Float64Array(count);
  const failures: BatchCounts['failures'] = [];
  for (const run of runs) {
    let bytes: Uint8Array | null = null;
    let readError = '';
    try {
      bytes = new Uint8Array(await run.bytes);
    } catch (error) {
      readError = error instanceof Error ? error.message : String(error);
    }
    for (let i = run.from; i < run.to; i++) {
      const file = batch.files[i]!;
      try {
        if (bytes === null) throw new Error(`the archive could not be read (${readError})`);
        if ((batch.flags[i]! & ENCRYPTED) !== 0) throw new Error('it is encrypted');
        const method = batch.methods[i]!;
        if (method !== STORED && method !== DEFLATE) {
          throw new Error(`it uses compression method ${method}`);
        }
        const data = await entryData(
          blob,
          bytes,
          run.start,
          batch.offsets[i]!,
          batch.compressedSizes[i]!,
        );
        const content =
          method === STORED
            ? data
            : await inflateEntry(data, batch.sizes[i]!, scratchFor(batch.sizes[i]! + 1));
        const figures = countBytes(content, counter);
        lines[i] = figures.lines;
        tokens[i] = figures.tokens;
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        failures.push({ file, detail });
      }
    }
  }
  return { files: batch.files, lines, tokens, failures };
}
