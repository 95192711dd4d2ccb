import type { TokenizerName } from '@repobundle/contract/models';
import type { ZipEntry } from '../zip/read-central-directory.js';
import type { BatchCounts, CountBatch } from './count-messages.js';

// The figures of one archive for one tokenizer and the order its files are counted in. Files
// wanted now (the selection) go first, the rest after them, so a later change of selection finds
// them counted; each file is counted once per archive and tokenizer. Batches are runs of
// neighbouring entries of about BATCH_BYTES, handed to whichever worker is free: the work balances
// by bytes, not file count. Each worker takes its batches from a lane of its own, a share of the
// archive by bytes, and moves on through the archive when its lane is done: files of one folder
// repeat each other's words, so a worker that keeps to its part finds them in its caches instead
// of both workers merging every new word once each.

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
  /** Where each lane starts in `order`, for the number of lanes last asked for. */
  private laneStarts: number[] = [0];
  /** Per lane: where its next wanted and next other files are looked for (-1: none left). */
  private cursors: { wanted: number; rest: number }[] = [{ wanted: 0, rest: 0 }];
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
    this.resetCursors();
  }

  /**
   * The next batch to hand a worker, or null when every file is counted or being counted (or,
   * with `wantedOnly`, every wanted file). `lane` (of `lanes`) says which share of the archive the
   * worker asking keeps to.
   */
  nextBatch({
    wantedOnly = false,
    lane = 0,
    lanes = 1,
  }: { wantedOnly?: boolean; lane?: number; lanes?: number } = {}): CountBatch | null {
    if (this.pending === 0) return null;
    if (lanes !== this.laneStarts.length) this.splitLanes(lanes);
    const cursor = this.cursors[lane]!;
    const picked: number[] = [];
    cursor.wanted = this.take(picked, true, cursor.wanted);
    if (picked.length === 0 && !wantedOnly) cursor.rest = this.take(picked, false, cursor.rest);
    if (picked.length === 0) return null;
    this.pending -= picked.length;
    this.inFlight += picked.length;
    return this.batchOf(picked);
  }

  /**
   * Picks a batch into `picked`: pending files (wanted ones only, if so asked) from `cursor` on,
   * round the end of the archive to its start, in one run of archive order. Returns where the
   * next look starts: past the files here that are counted or being counted (never pending again
   * unless requeued, which resets the cursors), or -1 when a whole round found nothing.
   */
  private take(picked: number[], wantedOnly: boolean, cursor: number): number {
    if (cursor < 0) return cursor;
    const n = this.order.length;
    let next = cursor;
    let passing = true;
    let bytes = 0;
    for (let step = 0; step < n; step++) {
      const at = (cursor + step) % n;
      const file = this.order[at]!.file;
      const isPending = this.state[file] === PENDING;
      if (!isPending || (wantedOnly && this.wanted[file] === 0)) {
        if (passing && !isPending) next = (at + 1) % n;
        else passing = false;
        continue;
      }
      passing = false;
      const full = bytes >= BATCH_BYTES || picked.length >= BATCH_FILES;
      if (picked.length > 0 && (full || at < picked[picked.length - 1]!)) break;
      picked.push(at);
      bytes += this.order[at]!.entry.compressedSize;
      this.state[file] = IN_FLIGHT;
    }
    return picked.length === 0 ? -1 : next;
  }

  /** Lanes of equal compressed bytes, each starting where the one before ends. */
  private splitLanes(lanes: number): void {
    const total = this.order.reduce((sum, target) => sum + target.entry.compressedSize, 0);
    const starts = [0];
    let bytes = 0;
    this.order.forEach((target, at) => {
      if (starts.length < lanes && bytes >= (total * starts.length) / lanes) starts.push(at);
      bytes += target.entry.compressedSize;
    });
    while (starts.length < lanes) starts.push(0);
    this.laneStarts = starts;
    this.resetCursors();
  }

  private resetCursors(): void {
    this.cursors = this.laneStarts.map((start) => ({ wanted: start, rest: start }));
  }

  /** Puts the files being counted back in the queue: their batches' answers will not come. */
  requeueInFlight(): void {
    for (const { file } of this.order) {
      if (this.state[file] === IN_FLIGHT) this.state[file] = PENDING;
    }
    this.pending += this.inFlight;
    this.inFlight = 0;
    this.resetCursors();
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
