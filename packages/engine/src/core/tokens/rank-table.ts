import { hashRange, PieceTable } from './piece-table.js';
import type { PieceTableParts } from './piece-table.js';
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
  /** The number of ranks, holes included. */
  readonly ranks: number;
}

/**
 * A rank table's arrays, without its per-thread memos: what a stored copy holds, so that a thread
 * gets a vocabulary's table by reading one file instead of importing and indexing the vocabulary.
 */
export interface RankTableParts {
  readonly byBytes: PieceTableParts;
  readonly pairs: Int32Array;
  readonly singles: Int32Array;
  readonly mergeLeft: Int32Array | undefined;
  readonly wholeIsOneToken: boolean;
  /** The number of ranks (the vocabulary's tokens array length, holes included). */
  readonly ranks: number;
}

/**
 * Gives a stored rank table, or undefined when there is none to trust (the vocabulary is then
 * loaded and indexed as usual). `loaded` hands over a table built that way, for the store to keep.
 */
export interface StoredRankTables {
  read(name: BpeTokenizerName): RankTableParts | undefined;
  loaded?(name: BpeTokenizerName, parts: RankTableParts): void;
}

let stored: StoredRankTables | undefined;

/** Sets where rank tables are stored (Node keeps them as files; core reads no files itself). */
export function registerStoredRankTables(store: StoredRankTables | undefined): void {
  stored = store;
}

const built = new Map<BpeTokenizerName, RankTable>();
const loading = new Map<BpeTokenizerName, Promise<RankTable>>();

/** Loads a vocabulary (once per thread) and builds its rank table. */
export function loadRankTable(name: BpeTokenizerName): Promise<RankTable> {
  let table = loading.get(name);
  if (table === undefined) {
    const store = stored;
    const restored = store && restoreStored(store, name);
    table = (
      restored
        ? Promise.resolve(restored)
        : loadVocabulary(name).then((vocabulary) => {
            const ranks = buildRankTable(vocabulary);
            try {
              store?.loaded?.(name, rankTableParts(ranks));
            } catch {
              // Keeping a copy only saves later threads time.
            }
            return ranks;
          })
    ).then((ranks) => {
      built.set(name, ranks);
      return ranks;
    });
    // A failed load (a missing package) may be retried.
    table.catch(() => loading.delete(name));
    loading.set(name, table);
  }
  return table;
}

/** The stored table, or undefined when the store has none or one that does not fit together. */
function restoreStored(store: StoredRankTables, name: BpeTokenizerName): RankTable | undefined {
  try {
    const parts = store.read(name);
    return parts && rankTableFromParts(parts);
  } catch {
    return undefined;
  }
}

/** The rank table of a vocabulary loaded earlier with loadRankTable (or loadTokenCounter). */
export function getRankTable(name: BpeTokenizerName): RankTable {
  const table = built.get(name);
  if (table === undefined) {
    throw new Error(`The ${name} tokenizer is not loaded yet: await loadTokenCounter() first.`);
  }
  return table;
}

/** A vocabulary's rank table built from its tokens (see loadRankTable for the usual way). */
export function buildRankTable(vocabulary: Vocabulary): RankTable {
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
    ranks: tokens.length,
  };
}

/** The arrays of a rank table, to store (see RankTableParts). */
export function rankTableParts(table: RankTable): RankTableParts {
  return {
    byBytes: table.byBytes.parts(),
    pairs: table.pairs,
    singles: table.singles,
    mergeLeft: table.mergeLeft,
    wholeIsOneToken: table.wholeIsOneToken,
    ranks: table.ranks,
  };
}

/** A rank table from stored arrays, with fresh per-thread memos. */
export function rankTableFromParts(parts: RankTableParts): RankTable {
  if (parts.pairs.length !== 1 << 16 || parts.singles.length !== 256) {
    throw new Error('stored rank table has the wrong shape');
  }
  return {
    byBytes: PieceTable.fromParts(parts.byBytes),
    pairs: parts.pairs,
    singles: parts.singles,
    joins: new JoinMemo(),
    mergeLeft: parts.mergeLeft,
    wholeIsOneToken: parts.wholeIsOneToken,
    wholeChecked: new Uint8Array(parts.wholeIsOneToken ? 0 : parts.ranks),
    ranks: parts.ranks,
  };
}
