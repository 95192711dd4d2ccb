import { hashRange, PieceTable } from './piece-table.js';
import { JoinMemo } from './join-memo.js';
import type { BpeTokenizerName, Vocabulary } from './vocabulary-sources.js';
import { loadVocabulary } from './vocabulary-sources.js';

/** A vocabulary's mergeable ranks (rank = merge priority, lower merges first). */
export interface RankTable {
  /** Rank of every token keyed by its byte string (byte-string.ts): ASCII text is its own key. */
  readonly byBytes: PieceTable;
  /** Rank of each two-byte token at (first << 8) | second, else -1: the first round of BPE. */
  readonly pairs: Int32Array;
  /** Rank of each single byte (byte-level BPE has them all). */
  readonly singles: Int32Array;
  /** Joins already looked up, shared by every counter of the vocabulary in this thread. */
  readonly joins: JoinMemo;
  /** See Vocabulary.mergeLeft: when set, a join is valid only through the token's own merge. */
  readonly mergeLeft: Int32Array | undefined;
  readonly wholeIsOneToken: boolean;
  /**
   * Without wholeIsOneToken: per rank, 0 not yet known, 1 when BPE of the token's own bytes gives
   * the token back (most do), 2 when it does not.
   */
  readonly wholeChecked: Uint8Array;
}

const built = new Map<BpeTokenizerName, RankTable>();
const loading = new Map<BpeTokenizerName, Promise<RankTable>>();

/** Loads a vocabulary (once per thread) and builds its rank table. */
export function loadRankTable(name: BpeTokenizerName): Promise<RankTable> {
  let table = loading.get(name);
  if (table === undefined) {
    table = loadVocabulary(name).then((vocabulary) => {
      const ranks = buildRankTable(vocabulary);
      built.set(name, ranks);
      return ranks;
    });
    // A failed load (a missing package) may be retried.
    table.catch(() => loading.delete(name));
    loading.set(name, table);
  }
  return table;
}

/** The rank table of a vocabulary loaded earlier with loadRankTable (or loadTokenCounter). */
export function getRankTable(name: BpeTokenizerName): RankTable {
  const table = built.get(name);
  if (table === undefined) {
    throw new Error(`The ${name} tokenizer is not loaded yet: await loadTokenCounter() first.`);
  }
  return table;
}

function buildRankTable(vocabulary: Vocabulary): RankTable {
  const { tokens } = vocabulary;
  const byBytes = new PieceTable(tokens.length);
  const pairs = new Int32Array(1 << 16).fill(-1);
  const singles = new Int32Array(256).fill(-1);
  for (let rank = 0; rank < tokens.length; rank++) {
    const key = tokens[rank];
    if (key === undefined) continue;
    byBytes.set(key, hashRange(key, 0, key.length), rank);
    if (key.length === 1) singles[key.charCodeAt(0)] = rank;
    if (key.length === 2) pairs[(key.charCodeAt(0) << 8) | key.charCodeAt(1)] = rank;
  }
  if (singles.includes(-1)) throw new Error('vocabulary lacks a single-byte token');
  return {
    byBytes,
    pairs,
    singles,
    joins: new JoinMemo(),
    mergeLeft: vocabulary.mergeLeft,
    wholeIsOneToken: vocabulary.wholeIsOneToken,
    wholeChecked: new Uint8Array(vocabulary.wholeIsOneToken ? 0 : tokens.length),
  };
}
