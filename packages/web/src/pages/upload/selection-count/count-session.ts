import type { TokenizerName } from '@repobundle/contract/models';
import type { ZipEntry } from '../zip/read-central-directory.js';
import type { BatchCounts, CountBatch } from './count-messages.js';

// The figures of one archive for one tokenizer and the order its files are counted in. Files
// wanted now (the selection) go first, the rest after them, so a later change of selection finds
// them counted; each file is counted once per archive and tokenizer. Batches are runs of neighbouring entries of about
// BATCH_BYTES, handed to whichever worker is free: the work balances by bytes, not file count.

/** Compressed bytes per batch: a tenth of a second of counting, a few reads, one message. */
export const BATCH_BYTES = 768 * 1024;
/** Files per batch at most (an archive of many tiny files still reports progress often). */
export const BATCH_FILES = 2000;

export const PENDING = 0;
export const IN_FLIGHT = 1;
export const COUNTED = 2;
export const FAILED = 3;

/** One file to count: its index in the tree and its entry. */
export interface CountTarget {
  file: number;
  entry: ZipEntry;
}

export class CountSession {
  /** Per file of the tree: lines and tokens once `state` is COUNTED. */
  readonly lines: Float64Array;
  readonly tokens: Float64Array;
  /** Per file of the tree: PENDING, IN_FLIGHT, COUNTED or FAILED (unread: 0 lines, 0 tokens). */
  readonly state: Uint8Array;
  /** Why files failed, by file. */
  readonly failures = new Map<number, string>();
  /** Targets in archive order, and where each one's bytes end at the latest. */
  private readonly order: CountTarget[];
  private readonly ends: Float64Array;
  private readonly wanted: Uint8Array;
  private wantedCursor = 0;
  private restCursor = 0;
  private pending: number;
  private inFlight = 0;

  constructor(
    fileCount: number,
    targets: readonly CountTarget[],
    allEntries: readonly ZipEntry[],
    archiveSize: number,
    /** The tokenizer whose tokens this session holds. */
    readonly encoding: TokenizerName = 'o200k_base',
  ) {
    this.lines = new Float64Array(fileCount);
    this.tokens = new Float64Array(fileCount);
    this.state = new Uint8Array(fileCount);
    this.wanted = new Uint8Array(fileCount);
    this.order = [...targets].sort((a, b) => a.entry.localHeaderOffset - b.entry.localHeaderOffset);
    this.ends = entryEnds(this.order, allEntries, archiveSize);
    this.pending = this.order.length;
  }

  /** Files still to count or being counted. */
  get remaining(): number {
    return this.pending + this.inFlight;
  }

  /** Counts these files first (those already counted stay counted). */
  prioritize(files: Iterable<number>): void {
    this.wanted.fill(0);
    for (const file of files) this.wanted[file] = 1;
    this.wantedCursor = 0;
    this.restCursor = 0;
  }

  /**
   * The next batch to hand a worker, or null when every file is counted or being counted (or,
   * with `wantedOnly`, every wanted file).
   */
  nextBatch({ wantedOnly = false }: { wantedOnly?: boolean } = {}): CountBatch | null {
    if (this.pending === 0) return null;
    const picked: number[] = [];
    let bytes = 0;
    const take = (wantedOnly: boolean, cursor: number): number => {
      let at = cursor;
      for (; at < this.order.length; at++) {
        const file = this.order[at]!.file;
        if (this.state[file] !== PENDING || (wantedOnly && this.wanted[file] === 0)) {
          // Never pending again: the cursor may pass it for good.
          if (this.state[file] !== PENDING && at === cursor) cursor++;
          continue;
        }
        if (picked.length > 0 && (bytes >= BATCH_BYTES || picked.length >= BATCH_FILES)) break;
        picked.push(at);
        bytes += this.order[at]!.entry.compressedSize;
        this.state[file] = IN_FLIGHT;
      }
      return picked.length > 0 ? cursor : at;
    };
    this.wantedCursor = take(true, this.wantedCursor);
    if (picked.length === 0 && !wantedOnly) this.restCursor = take(false, this.restCursor);
    if (picked.length === 0) return null;
    this.pending -= picked.length;
    this.inFlight += picked.length;
    return this.batchOf(picked);
  }

  /** Puts the files being counted back in the queue: their batches' answers will not come. */
  requeueInFlight(): void {
    for (const { file } of this.order) {
      if (this.state[file] === IN_FLIGHT) this.state[file] = PENDING;
    }
    this.pending += this.inFlight;
    this.inFlight = 0;
    this.wantedCursor = 0;
    this.restCursor = 0;
  }

  /** Stores a batch's figures. */
  accept(counts: BatchCounts): void {
    counts.files.forEach((file, i) => {
      this.lines[file] = counts.lines[i]!;
      this.tokens[file] = counts.tokens[i]!;
      this.state[file] = COUNTED;
    });
    for (const { file, detail } of counts.failures) {
      this.state[file] = FAILED;
      this.lines[file] = 0;
      this.tokens[file] = 0;
      this.failures.set(file, detail);
    }
    this.inFlight -= counts.files.length;
  }

  private batchOf(picked: readonly number[]): CountBatch {
    const n = picked.length;
    const batch: CountBatch = {
      files: new Int32Array(n),
      offsets: new Float64Array(n),
      ends: new Float64Array(n),
      compressedSizes: new Float64Array(n),
      sizes: new Float64Array(n),
      methods: new Uint16Array(n),
      flags: new Uint16Array(n),
    };
    picked.forEach((at, i) => {
      const { file, entry } = this.order[at]!;
      batch.files[i] = file;
      batch.offsets[i] = entry.localHeaderOffset;
      batch.ends[i] = this.ends[at]!;
      batch.compressedSizes[i] = entry.compressedSize;
      batch.sizes[i] = entry.size;
      batch.methods[i] = entry.method;
      batch.flags[i] = entry.flags;
    });
    return batch;
  }
}

/**
 * Where each target's bytes end at the latest: the next entry's local header in the archive (any
 * entry, counted or not), else the archive's end. Reads of neighbouring entries join up on it.
 */
function entryEnds(
  order: readonly CountTarget[],
  all: readonly ZipEntry[],
  size: number,
): Float64Array {
  const offsets = Float64Array.from(all, (entry) => entry.localHeaderOffset).sort();
  const ends = new Float64Array(order.length);
  let next = 0;
  order.forEach(({ entry }, i) => {
    while (next < offsets.length && offsets[next]! <= entry.localHeaderOffset) next++;
    ends[i] = next < offsets.length ? offsets[next]! : size;
  });
  return ends;
}
