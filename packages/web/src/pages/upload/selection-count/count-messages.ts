import type { TokenizerName } from '@repobundle/contract/models';

// The counting workers' protocol. The main thread hands each worker batches of neighbouring ZIP
// entries (typed arrays, transferred, not copied) and gets back one message per batch.

/** Entries of one batch, in archive order; index i of every array describes one entry. */
export interface CountBatch {
  /** The file's index in the explorer's tree. */
  files: Int32Array;
  /** Where the entry's local header starts in the archive. */
  offsets: Float64Array;
  /** An upper bound of where its bytes end: the next entry's header, or the archive's end. */
  ends: Float64Array;
  compressedSizes: Float64Array;
  sizes: Float64Array;
  /** 0 stored, 8 deflate; anything else cannot be read. */
  methods: Uint16Array;
  /** General-purpose flags (bit 0: encrypted). */
  flags: Uint16Array;
}

/** Figures of one batch, index for index with its `files`. */
export interface BatchCounts {
  files: Int32Array;
  lines: Float64Array;
  tokens: Float64Array;
  /** Files that could not be read, with why (their lines and tokens are 0). */
  failures: { file: number; detail: string }[];
}

export type CountRequest =
  /**
   * The archive the batches that follow come from (null: none, counting stopped); batches of an
   * earlier archive still queued are dropped.
   */
  | { type: 'archive'; archive: number; blob: Blob | null }
  /** Entries to count with `encoding`, for the pool's job `job` (the session they belong to). */
  | { type: 'batch'; archive: number; job: number; encoding: TokenizerName; entries: CountBatch };

export type CountReply =
  | ({ type: 'counted'; archive: number; job: number } & BatchCounts)
  /** A batch left uncounted: its encoding's vocabulary did not load. */
  | { type: 'skipped'; archive: number; job: number }
  /** The worker cannot count with this encoding (its vocabulary did not load). */
  | { type: 'failed'; encoding: TokenizerName; detail: string };
