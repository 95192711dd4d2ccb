import { hashRange } from './piece-table.js';
import type { RankTable } from './rank-table.js';

/** Above this many bytes the heap merge wins over rescanning the pair list after each merge. */
const HEAP_THRESHOLD = 96;
const NONE = 0x7fffffff;

/**
 * Number of tokens byte-level BPE produces for one pre-token, given as a byte string.
 * Same merge order as tiktoken: repeatedly merge the adjacent pair of lowest rank, leftmost
 * first, until no adjacent pair is a token.
 */
export function countBpeTokens(
  bytes: string,
  ranks: RankTable,
  heapThreshold = HEAP_THRESHOLD,
): number {
  const n = bytes.length;
  if (n <= 1) return n;
  if (ranks.wholeIsOneToken && rankOf(ranks, bytes, 0, n) !== NONE) return 1;
  return n > heapThreshold ? countByHeap(bytes, ranks) : countByScan(bytes, ranks);
}

function rankOf(ranks: RankTable, bytes: string, from: number, to: number): number {
  const rank =
    to - from === 2
      ? ranks.pairs[(bytes.charCodeAt(from) << 8) | bytes.charCodeAt(from + 1)]!
      : ranks.byBytes.get(bytes, from, to, hashRange(bytes, from, to));
  return rank < 0 ? NONE : rank;
}

/** Rank of the first pair of single bytes at `from`, checked against the merge list if any. */
function pairRankOf(ranks: RankTable, bytes: string, from: number): number {
  const rank = rankOf(ranks, bytes, from, from + 2);
  if (rank === NONE || ranks.mergeLeft === undefined) return rank;
  return ranks.mergeLeft[rank] === ranks.singles[bytes.charCodeAt(from)] ? rank : NONE;
}

/** Rank of the join of tokens `left` and `right`, which are bytes[from, to) together. */
function joinRank(
  ranks: RankTable,
  left: number,
  right: number,
  bytes: string,
  from: number,
  to: number,
): number {
  const known = ranks.joins.get(left, right);
  if (known !== -2) return known;
  let rank = rankOf(ranks, bytes, from, to);
  // With a merge list, the join must be the token's own merge: its left part decides it.
  if (rank !== NONE && ranks.mergeLeft !== undefined && ranks.mergeLeft[rank] !== left) rank = NONE;
  ranks.joins.set(left, right, rank);
  return rank;
}

// Scratch for countByScan, reused across calls (one thread, no reentrancy).
let scanBounds = new Int32Array(HEAP_THRESHOLD + 1);
let scanParts = new Int32Array(HEAP_THRESHOLD + 1);
let scanPairRank = new Int32Array(HEAP_THRESHOLD + 1);

/** Quadratic merge over a boundary array; fastest for the short pieces that dominate. */
function countByScan(bytes: string, ranks: RankTable): number {
  const n = bytes.length;
  if (scanBounds.length <= n) {
    scanBounds = new Int32Array(n + 1);
    scanParts = new Int32Array(n + 1);
    scanPairRank = new Int32Array(n + 1);
  }
  // Part k spans [bounds[k], bounds[k + 1]) and is token partRank[k]; pairRank[k] is the rank of
  // parts k and k + 1 joined.
  const bounds = scanBounds;
  const partRank = scanParts;
  const pairRank = scanPairRank;
  for (let i = 0; i <= n; i++) bounds[i] = i;
  for (let i = 0; i < n; i++) partRank[i] = ranks.singles[bytes.charCodeAt(i)]!;
  for (let i = 0; i < n - 1; i++) pairRank[i] = pairRankOf(ranks, bytes, i);
  pairRank[n - 1] = NONE;
  let parts = n;
  while (parts > 1) {
    let best = NONE;
    let at = -1;
    for (let k = 0; k < parts - 1; k++) {
      const r = pairRank[k]!;
      if (r < best) {
        best = r;
        at = k;
      }
    }
    if (at < 0) break;
    // Join parts at and at + 1 by dropping boundary at + 1. Plain loops: the pieces are short,
    // and a copyWithin call costs more than moving a few numbers.
    for (let k = at + 1; k < parts; k++) {
      bounds[k] = bounds[k + 1]!;
      partRank[k] = partRank[k + 1]!;
      pairRank[k] = pairRank[k + 1]!;
    }
    parts--;
    partRank[at] = best;
    pairRank[at] =
      at + 1 < parts
        ? joinRank(ranks, best, partRank[at + 1]!, bytes, bounds[at]!, bounds[at + 2]!)
        : NONE;
    if (at > 0) {
      pairRank[at - 1] = joinRank(
        ranks,
        partRank[at - 1]!,
        best,
        bytes,
        bounds[at - 1]!,
        bounds[at + 1]!,
      );
    }
  }
  return parts;
}

/**
 * O(n log n) merge for long pieces (minified blobs, long runs): a linked list of parts keyed by
 * start byte and a binary heap of rank * 2^32 + start (lowest rank, then leftmost, first). A heap
 * entry is stale when its start no longer holds that rank: a start's pair only ever grows, and
 * different byte strings have different ranks.
 */
function countByHeap(bytes: string, ranks: RankTable): number {
  const n = bytes.length;
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const partRank = new Int32Array(n + 1);
  const pairRank = new Int32Array(n + 1).fill(NONE);
  // Every merge pushes at most two entries onto the n - 1 initial ones.
  const heap = new MinHeap(3 * n);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  for (let i = 0; i < n; i++) partRank[i] = ranks.singles[bytes.charCodeAt(i)]!;
  for (let i = 0; i < n - 1; i++) {
    const r = pairRankOf(ranks, bytes, i);
    pairRank[i] = r;
    if (r !== NONE) heap.push(r * SHIFT + i);
  }
  let parts = n;
  while (heap.size > 0) {
    const top = heap.pop();
    const start = top % SHIFT;
    const rank = (top - start) / SHIFT;
    if (pairRank[start] !== rank) continue;
    const right = next[start]!;
    const end = next[right]!;
    next[start] = end;
    prev[end] = start;
    pairRank[right] = NONE;
    partRank[start] = rank;
    parts--;
    const grown = end < n ? joinRank(ranks, rank, partRank[end]!, bytes, start, next[end]!) : NONE;
    pairRank[start] = grown;
    if (grown !== NONE) heap.push(grown * SHIFT + start);
    if (start > 0) {
      const before = prev[start]!;
      const joined = joinRank(ranks, partRank[before]!, rank, bytes, before, end);
      pairRank[before] = joined;
      if (joined !== NONE) heap.push(joined * SHIFT + before);
    }
  }
  return parts;
}

const SHIFT = 2 ** 32;

/** Binary min-heap of numbers in a preallocated typed array. */
class MinHeap {
  private readonly items: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.items = new Float64Array(capacity);
  }

  push(value: number): void {
    const items = this.items;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const up = items[parent]!;
      if (up <= value) break;
      items[i] = up;
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0]!;
    const size = --this.size;
    const last = items[size]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && items[child + 1]! < items[child]!) child++;
      if (items[child]! >= last) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}
