import type { EncodingName } from '../../config/options.js';
import { fromBytes, isAscii, toByteString } from './byte-string.js';
import { JoinMemo } from './join-memo.js';
import { hashRange, PieceTable } from './piece-table.js';

/** An encoding's mergeable ranks (rank = token id). */
export interface RankTable {
  /** Rank of every token keyed by its byte string (byte-string.ts): ASCII text is its own key. */
  readonly byBytes: PieceTable;
  /** Rank of each two-byte token at (first << 8) | second, else -1: the first round of BPE. */
  readonly pairs: Int32Array;
  /** Rank of each single byte (byte-level BPE has them all). */
  readonly singles: Int32Array;
  /** Joins already looked up, shared by every counter of the encoding in this thread. */
  readonly joins: JoinMemo;
}

// gpt-tokenizer ships each vocabulary as an array indexed by rank: a string when the token's bytes
// are valid UTF-8, else the byte values. The data modules are big (2.4 MB of JavaScript for o200k):
// each is imported only when its encoding is first loaded, so a thread compiles just the one it
// uses, and the table is built once per encoding and thread.
type RankSource = readonly (string | number[])[];
const LOADERS: Record<EncodingName, () => Promise<{ default: RankSource }>> = {
  o200k_base: () => import('gpt-tokenizer/bpeRanks/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/bpeRanks/cl100k_base'),
};

const built = new Map<EncodingName, RankTable>();
const loading = new Map<EncodingName, Promise<RankTable>>();

/** Loads an encoding's vocabulary (once per thread) and builds its rank table. */
export function loadRankTable(encoding: EncodingName): Promise<RankTable> {
  let table = loading.get(encoding);
  if (table === undefined) {
    table = LOADERS[encoding]().then((module) => {
      const ranks = buildRankTable(module.default);
      built.set(encoding, ranks);
      return ranks;
    });
    loading.set(encoding, table);
  }
  return table;
}

/** The rank table of an encoding loaded earlier with loadRankTable (or loadTokenCounter). */
export function getRankTable(encoding: EncodingName): RankTable {
  const table = built.get(encoding);
  if (table === undefined) {
    throw new Error(`The ${encoding} tokenizer is not loaded yet: await loadTokenCounter() first.`);
  }
  return table;
}

function buildRankTable(source: RankSource): RankTable {
  const byBytes = new PieceTable(source.length);
  const pairs = new Int32Array(1 << 16).fill(-1);
  const singles = new Int32Array(256).fill(-1);
  for (let rank = 0; rank < source.length; rank++) {
    const value = source[rank];
    if (value === undefined) continue;
    let key: string;
    if (typeof value !== 'string') key = fromBytes(value);
    else key = isAscii(value) ? value : toByteString(value);
    byBytes.set(key, hashRange(key, 0, key.length), rank);
    if (key.length === 1) singles[key.charCodeAt(0)] = rank;
    if (key.length === 2) pairs[(key.charCodeAt(0) << 8) | key.charCodeAt(1)] = rank;
  }
  if (singles.includes(-1)) throw new Error('vocabulary lacks a single-byte token');
  return { byBytes, pairs, singles, joins: new JoinMemo() };
}
