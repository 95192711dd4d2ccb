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
  if (rankOf(ranks, bytes, 0, n) !== NONE) return 1;
  return n > heapThreshold ? countByHeap(bytes, ranks) : countByScan(bytes, ranks);
}

function rankOf(ranks: RankTable, bytes: string, from: number, to: number): number {
  const rank =
    to - from === 2
      ? ranks.pairs[(bytes.charCodeAt(from) << 8) | bytes.charCodeAt(from + 1)]!
      : ranks.byBytes.get(bytes, from, to, hashRange(bytes, from, to));
  return rank < 0 ? NONE : rank;
}

/** Quadratic merge over a boundary array; fastest for the short pieces that dominate. */
function countByScan(bytes: string, ranks: RankTable): number {
  const n = bytes.length;
  // Part k spans [bounds[k], bounds[k + 1]); pairRank[k] is the rank of parts k and k + 1 joined.
  const bounds = new Int32Array(n + 1);
  const pairRank = new Int32Array(n);
  for (let i = 0; i <= n; i++) bounds[i] = i;
  for (let i = 0; i < n - 1; i++) pairRank[i] = rankOf(ranks, bytes, i, i + 2);
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
    // Join parts at and at + 1 by dropping boundary at + 1.
    bounds.copyWithin(at + 1, at + 2, parts + 1);
    pairRank.copyWithin(at + 1, at + 2, parts);
    parts--;
    pairRank[at] = at + 2 <= parts ? rankOf(ranks, bytes, bounds[at]!, bounds[at + 2]!) : NONE;
    if (at > 0) pairRank[at - 1] = rankOf(ranks, bytes, bounds[at - 1]!, bounds[at + 1]!);
  }
  return parts;
}

/**
 * O(n log n) merge for long pieces (minified blobs, long runs): a linked list of parts keyed by
 * start byte and a binary heap of (rank, start). A heap entry is stale when its start no longer
 * holds that rank: a start's pair only ever grows, and different byte strings have different ranks.
 */
function countByHeap(bytes: string, ranks: RankTable): number {
  const n = bytes.length;
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const pairRank = new Int32Array(n + 1).fill(NONE);
  const heap: number[] = [];
  const SHIFT = 2 ** 32;
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  for (let i = 0; i < n - 1; i++) {
    const r = rankOf(ranks, bytes, i, i + 2);
    pairRank[i] = r;
    if (r !== NONE) heapPush(heap, r * SHIFT + i);
  }
  let parts = n;
  while (heap.length > 0) {
    const top = heapPop(heap);
    const start = top % SHIFT;
    const rank = (top - start) / SHIFT;
    if (pairRank[start] !== rank) continue;
    const right = next[start]!;
    const end = next[right]!;
    next[start] = end;
    prev[end] = start;
    pairRank[right] = NONE;
    parts--;
    const after = end < n ? next[end]! : -1;
    const grown = after >= 0 ? rankOf(ranks, bytes, start, after) : NONE;
    pairRank[start] = grown;
    if (grown !== NONE) heapPush(heap, grown * SHIFT + start);
    if (start > 0) {
      const before = prev[start]!;
      const joined = rankOf(ranks, bytes, before, end);
      pairRank[before] = joined;
      if (joined !== NONE) heapPush(heap, joined * SHIFT + before);
    }
  }
  return parts;
}

function heapPush(heap: number[], value: number): void {
  let i = heap.length;
  heap.push(value);
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const up = heap[parent]!;
    if (up <= value) break;
    heap[i] = up;
    i = parent;
  }
  heap[i] = value;
}

function heapPop(heap: number[]): number {
  const top = heap[0]!;
  const last = heap.pop()!;
  const size = heap.length;
  if (size === 0) return top;
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= last) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = last;
  return top;
}
