// AssemblyScript, compiled to WebAssembly by scripts/build-ascii-counter.mjs: o200k_base tokens
// of ASCII text counted in linear memory, for BpeTokenCounter.countUtf8 (see
// src/core/tokens/ascii-counter.ts, which lays out the memory and handles what this leaves).
//
// It mirrors src/core/tokens/ascii-scan-bytes.ts (the o200k_base scanner), recent-pieces.ts,
// piece-table.ts (the vocabulary's layout and hash) and bpe-merge.ts (the short-piece merge);
// the engine's tests hold its counts equal to the JavaScript counter's. Compiled once, it runs at
// full speed from the first file, where JavaScript is recompiled per thread as it warms up, and
// its scanning and lookups measured about 1.6 times as fast.

const UPPER: u8 = 1;
const LOWER: u8 = 2;
const DIGIT: u8 = 3;
const NEWLINE: u8 = 4; // \r \n
const BLANK: u8 = 5; // \t \v \f and space
const OTHER: u8 = 6; // punctuation and control chars

const HASH_SEED: i32 = 0x811c9dc5 | 0;
const HASH_PRIME: i32 = 0x01000193;
const EMPTY: i32 = -1;
const NONE: i32 = 0x7fffffff;

/** Recent pieces: a direct-mapped cache of short pieces, chars inline (recent-pieces.ts). */
const RECENT_SLOTS: i32 = 1 << 14;
const RECENT_MAX_LENGTH: i32 = 15;
/** Multi-token pieces remembered before the table is emptied: memory stays flat. */
const KNOWN_LIMIT: i32 = 1 << 16;
const KNOWN_MAX_PIECE: i32 = 256;
/** Longer pieces than this are merged by the caller (bpe-merge.ts's heap merge). */
const MAX_MERGE: i32 = 96;

// Where the caller placed each table (byte offsets in memory).
let classes: usize = 0;
let vocabularySlots: usize = 0;
let vocabularyChars: usize = 0;
let vocabularyMask: i32 = 0;
let pairs: usize = 0;
let recentMeta: usize = 0;
let recentChars: usize = 0;
let knownSlots: usize = 0;
let knownMask: i32 = 0;
let knownBytes: usize = 0;
let knownBytesCap: i32 = 0;
let knownBytesUsed: i32 = 0;
let knownSize: i32 = 0;
let bounds: usize = 0;
let pairRank: usize = 0;

/**
 * The tables: the char classes of ASCII (u8 x 128); the vocabulary's piece table as
 * piece-table.ts lays it out (slots of i32 hash, rank, chars' start, length; chars u16); the rank
 * of each byte pair (i32 x 65536, -1 for none); room for the recent
 * pieces (i32 x 2 and u16 x 16 per slot), the known multi-token pieces (`knownSlotCount` slots
 * of 16 bytes and `knownBytesCapacity` bytes) and the merge's scratch (i32 x 2 x (MAX_MERGE + 1)).
 */
export function init(
  classTable: usize,
  vocabularySlotsAt: usize,
  vocabularyCharsAt: usize,
  vocabularySlotCount: i32,
  pairsAt: usize,
  recentAt: usize,
  knownAt: usize,
  knownSlotCount: i32,
  knownBytesCapacity: i32,
  scratchAt: usize,
): void {
  classes = classTable;
  vocabularySlots = vocabularySlotsAt;
  vocabularyChars = vocabularyCharsAt;
  vocabularyMask = vocabularySlotCount - 1;
  pairs = pairsAt;
  recentMeta = recentAt;
  recentChars = recentAt + ((<usize>RECENT_SLOTS) << 3);
  knownSlots = knownAt;
  knownMask = knownSlotCount - 1;
  knownBytes = knownAt + ((<usize>knownSlotCount) << 4);
  knownBytesCap = knownBytesCapacity;
  bounds = scratchAt;
  pairRank = scratchAt + ((<usize>MAX_MERGE + 1) << 2);
  memory.fill(recentMeta, 0, (<usize>RECENT_SLOTS) << 3);
  clearKnown();
}

// Where the last countAscii() stopped, and why: the end of the text, a pre-token that a
// non-ASCII char decides, an ASCII piece too long to merge here, or the first pre-token once the
// tokens counted reach `markAt`.
const STOP_END: i32 = 0;
const STOP_NON_ASCII: i32 = 1;
const STOP_LONG_PIECE: i32 = 2;
const STOP_MARK: i32 = 3;
let stopAt: i32 = 0;
let stopReason: i32 = STOP_END;
let stopPieceEnd: i32 = 0;
let stopPieceHash: i32 = 0;

export function stoppedAt(): i32 {
  return stopAt;
}

export function stoppedFor(): i32 {
  return stopReason;
}

export function stoppedPieceEnd(): i32 {
  return stopPieceEnd;
}

export function stoppedPieceHash(): i32 {
  return stopPieceHash;
}

// Lines closed so far by countAscii with a prefix array (see countAscii).
let line: i32 = 0;

export function linesClosed(): i32 {
  return line;
}

export function setLinesClosed(lines: i32): void {
  line = lines;
}

/**
 * Tokens of the text bytes[at, n) (bytes at `base`) until its end, a pre-token this module
 * leaves to the caller, or the first pre-token when `before` (the tokens the caller counted) plus
 * this call's reach `markAt` (see stoppedAt, stoppedFor). With `prefix` (not 0), an u32 array of
 * line prefix sums: each "\n" in a counted pre-token closes a line there, prefix[++line] being
 * the tokens so far.
 */
export function countAscii(
  base: usize,
  n: i32,
  at: i32,
  prefix: usize,
  before: i32,
  markAt: i32,
): i32 {
  let total = 0;
  while (at < n) {
    if (before + total >= markAt) {
      stop(at, STOP_MARK);
      return total;
    }
    const end = scan(base, n, at);
    if (end < 0) {
      stop(at, STOP_NON_ASCII);
      return total;
    }
    const hash = scanned;
    let tokens = recentGet(base, at, end, hash);
    if (tokens < 0) {
      if (vocabularyRank(base, at, end, hash) >= 0) {
        tokens = 1;
      } else {
        tokens = knownGet(base, at, end, hash);
        if (tokens < 0) {
          if (end - at > MAX_MERGE) {
            stop(at, STOP_LONG_PIECE);
            stopPieceEnd = end;
            stopPieceHash = hash;
            return total;
          }
          tokens = mergeCount(base, at, end);
          knownSet(base, at, end, hash, tokens);
        }
      }
      recentSet(base, at, end, hash, tokens);
    }
    total += tokens;
    if (prefix != 0) closeLines(base, at, end, prefix, before + total);
    at = end;
  }
  stop(at, STOP_END);
  return total;
}

function closeLines(base: usize, from: i32, to: i32, prefix: usize, tokens: i32): void {
  for (let i = from; i < to; i++) {
    if (byteAt(base, i) == 10) store<i32>(prefix + ((<usize>++line) << 2), tokens);
  }
}

/** The caller counted the long piece countAscii() stopped at: remember it as countAscii would. */
export function remember(base: usize, from: i32, to: i32, hash: i32, tokens: i32): void {
  recentSet(base, from, to, hash, tokens);
  knownSet(base, from, to, hash, tokens);
}

function stop(at: i32, reason: i32): void {
  stopAt = at;
  stopReason = reason;
}

function classOf(c: u32): u8 {
  return load<u8>(classes + c);
}

function mix(hash: i32, c: u32): i32 {
  return (hash ^ c) * HASH_PRIME;
}

function finish(hash: i32): i32 {
  return hash ^ ((<u32>hash) >>> 15);
}

function byteAt(base: usize, i: i32): u32 {
  return <u32>load<u8>(base + <usize>i);
}

// The scanner: o200k_base's pre-tokenizer on ASCII (ascii-scan-bytes.ts, scanCaseAware with
// contractions and numbers of up to three digits). It gives the piece's end, or -1 where a
// non-ASCII char decides it; the piece's hash is left in `scanned`.
let scanned: i32 = 0;

function accept(hash: i32, end: i32): i32 {
  scanned = finish(hash);
  return end;
}

function scan(base: usize, n: i32, at: i32): i32 {
  const first = byteAt(base, at);
  if (first >= 128) return -1;
  let hash = mix(HASH_SEED, first);
  let kind = classOf(first);
  let i = at + 1;
  if (kind == DIGIT) return digits(base, n, at, hash);
  if (kind == NEWLINE) return whitespace(base, n, at);
  if (kind == OTHER || kind == BLANK) {
    if (i == n) return accept(hash, i);
    const c = byteAt(base, i);
    if (c >= 128) return -1;
    const next = classOf(c);
    if (next == UPPER || next == LOWER) {
      // [^\r\n\p{L}\p{N}]? prefix of a word.
      hash = mix(hash, c);
      kind = next;
      i++;
    } else if (kind == OTHER || (next == OTHER && first == 32)) {
      return punctuation(base, n, i, hash);
    } else {
      return whitespace(base, n, at);
    }
  }
  // [Lu...]*[Ll...]+ or [Lu...]+[Ll...]*: in ASCII, uppers then lowers, ending either way.
  if (kind == UPPER) {
    for (; i < n; i++) {
      const c = byteAt(base, i);
      if (c >= 128) return -1;
      if (classOf(c) != UPPER) break;
      hash = mix(hash, c);
    }
  }
  for (; i < n; i++) {
    const c = byteAt(base, i);
    if (c >= 128) return -1;
    if (classOf(c) != LOWER) break;
    hash = mix(hash, c);
  }
  if (i < n && byteAt(base, i) == 39) {
    const suffix = contractionAt(base, n, i);
    if (suffix < 0) return -1;
    for (const end = i + suffix; i < end; i++) hash = mix(hash, byteAt(base, i));
  }
  return accept(hash, i);
}

/** Length of a contraction ('s 't 're 've 'm 'll 'd, any case) at `at`; 0 none, -1 undecided. */
function contractionAt(base: usize, n: i32, at: i32): i32 {
  if (at + 1 >= n) return 0;
  const a = byteAt(base, at + 1);
  if (a >= 128) return -1;
  const lower = a | 0x20;
  if (lower == 115 || lower == 116 || lower == 109 || lower == 100) return 2;
  const b: u32 = at + 2 < n ? byteAt(base, at + 2) | 0x20 : 0;
  if ((lower == 114 && b == 101) || (lower == 118 && b == 101) || (lower == 108 && b == 108)) {
    return 3;
  }
  return 0;
}

/** \p{N}{1,3}: the first digit is hashed already. */
function digits(base: usize, n: i32, at: i32, hash: i32): i32 {
  const stop = min(at + 3, n);
  let i = at + 1;
  for (; i < stop; i++) {
    const c = byteAt(base, i);
    if (c >= 128) return -1;
    if (classOf(c) != DIGIT) break;
    hash = mix(hash, c);
  }
  return accept(hash, i);
}

/** ` ?[^\s\p{L}\p{N}]+[\r\n/]*` from `i`, the first char not yet hashed. */
function punctuation(base: usize, n: i32, i: i32, hash: i32): i32 {
  for (; i < n; i++) {
    const c = byteAt(base, i);
    if (c >= 128) return -1;
    if (classOf(c) != OTHER) break;
    hash = mix(hash, c);
  }
  for (; i < n; i++) {
    const c = byteAt(base, i);
    if (c != 10 && c != 13 && c != 47) break;
    hash = mix(hash, c);
  }
  return accept(hash, i);
}

/** `\s*[\r\n]+|\s+(?!\S)|\s+`, hashed once its end is known. */
function whitespace(base: usize, n: i32, at: i32): i32 {
  let i = at;
  let lastNewline = -1;
  for (; i < n; i++) {
    const c = byteAt(base, i);
    if (c >= 128) return -1;
    const k = classOf(c);
    if (k == NEWLINE) lastNewline = i;
    else if (k != BLANK) break;
  }
  let end = i;
  if (lastNewline >= 0) end = lastNewline + 1;
  else if (i < n && i - at >= 2) end = i - 1;
  return accept(hashOf(base, at, end), end);
}

function hashOf(base: usize, from: i32, to: i32): i32 {
  let hash = HASH_SEED;
  for (let i = from; i < to; i++) hash = mix(hash, byteAt(base, i));
  return hash;
}

function recentGet(base: usize, from: i32, to: i32, hash: i32): i32 {
  const length = to - from;
  if (length > RECENT_MAX_LENGTH) return -1;
  const slot = <usize>(hash & (RECENT_SLOTS - 1));
  const meta = recentMeta + (slot << 3);
  if (load<i32>(meta) != hash) return -1;
  const info = load<i32>(meta, 4);
  if (<i32>((<u32>info) >>> 16) != length) return -1;
  const chars = recentChars + (slot << 5);
  for (let i = 0; i < length; i++) {
    if (<u32>load<u16>(chars + ((<usize>i) << 1)) != byteAt(base, from + i)) return -1;
  }
  return info & 0xffff;
}

function recentSet(base: usize, from: i32, to: i32, hash: i32, tokens: i32): void {
  const length = to - from;
  if (length > RECENT_MAX_LENGTH || tokens > 0xffff) return;
  const slot = <usize>(hash & (RECENT_SLOTS - 1));
  const meta = recentMeta + (slot << 3);
  store<i32>(meta, hash);
  store<i32>(meta, (length << 16) | tokens, 4);
  const chars = recentChars + (slot << 5);
  for (let i = 0; i < length; i++)
    store<u16>(chars + ((<usize>i) << 1), <u16>byteAt(base, from + i));
}

/** The rank of the token whose bytes are [from, to), or -1 (piece-table.ts's getBytes). */
function vocabularyRank(base: usize, from: i32, to: i32, hash: i32): i32 {
  const length = to - from;
  let slot = hash & vocabularyMask;
  for (;;) {
    const at = vocabularySlots + ((<usize>slot) << 4);
    const value = load<i32>(at, 4);
    if (value == EMPTY) return -1;
    if (load<i32>(at) == hash && load<i32>(at, 12) == length) {
      const start = vocabularyChars + ((<usize>load<i32>(at, 8)) << 1);
      let i = 0;
      while (i < length && <u32>load<u16>(start + ((<usize>i) << 1)) == byteAt(base, from + i)) i++;
      if (i == length) return value;
    }
    slot = (slot + 1) & vocabularyMask;
  }
  return -1;
}

function clearKnown(): void {
  memory.fill(knownSlots, 0xff, (<usize>knownMask + 1) << 4);
  knownBytesUsed = 0;
  knownSize = 0;
}

/** Tokens of a multi-token piece counted before, or -1. */
function knownGet(base: usize, from: i32, to: i32, hash: i32): i32 {
  const length = to - from;
  let slot = hash & knownMask;
  for (;;) {
    const at = knownSlots + ((<usize>slot) << 4);
    const value = load<i32>(at, 4);
    if (value == EMPTY) return -1;
    if (load<i32>(at) == hash && load<i32>(at, 12) == length) {
      const start = knownBytes + <usize>load<i32>(at, 8);
      if (memory.compare(start, base + <usize>from, <usize>length) == 0) return value;
    }
    slot = (slot + 1) & knownMask;
  }
  return -1;
}

function knownSet(base: usize, from: i32, to: i32, hash: i32, tokens: i32): void {
  const length = to - from;
  if (length > KNOWN_MAX_PIECE) return;
  if (knownSize >= KNOWN_LIMIT || knownBytesUsed + length > knownBytesCap) clearKnown();
  const start = knownBytesUsed;
  memory.copy(knownBytes + <usize>start, base + <usize>from, <usize>length);
  knownBytesUsed += length;
  let slot = hash & knownMask;
  while (load<i32>(knownSlots + ((<usize>slot) << 4), 4) != EMPTY) slot = (slot + 1) & knownMask;
  const at = knownSlots + ((<usize>slot) << 4);
  store<i32>(at, hash);
  store<i32>(at, tokens, 4);
  store<i32>(at, start, 8);
  store<i32>(at, length, 12);
  knownSize++;
}

// Byte-level BPE of a piece of at most MAX_MERGE bytes: repeatedly merge the adjacent pair of
// lowest rank, leftmost first (tiktoken's order; bpe-merge.ts's countByScan).

function rankOf(base: usize, from: i32, to: i32): i32 {
  let rank: i32;
  if (to - from == 2) {
    rank = load<i32>(pairs + ((<usize>((byteAt(base, from) << 8) | byteAt(base, from + 1))) << 2));
  } else {
    rank = vocabularyRank(base, from, to, finish(hashOf(base, from, to)));
  }
  return rank < 0 ? NONE : rank;
}

function get32(array: usize, k: i32): i32 {
  return load<i32>(array + ((<usize>k) << 2));
}

function set32(array: usize, k: i32, value: i32): void {
  store<i32>(array + ((<usize>k) << 2), value);
}

function mergeCount(base: usize, from: i32, to: i32): i32 {
  const n = to - from;
  // Part k spans [bounds[k], bounds[k + 1]); pairRank[k] is the rank of parts k and k + 1 joined
  // (looked up by their bytes: only a token's bytes decide its rank).
  for (let i = 0; i <= n; i++) set32(bounds, i, from + i);
  for (let i = 0; i < n - 1; i++) set32(pairRank, i, rankOf(base, from + i, from + i + 2));
  set32(pairRank, n - 1, NONE);
  let parts = n;
  while (parts > 1) {
    let best = NONE;
    let at = -1;
    for (let k = 0; k < parts - 1; k++) {
      const r = get32(pairRank, k);
      if (r < best) {
        best = r;
        at = k;
      }
    }
    if (at < 0) break;
    for (let k = at + 1; k < parts; k++) {
      set32(bounds, k, get32(bounds, k + 1));
      set32(pairRank, k, get32(pairRank, k + 1));
    }
    parts--;
    set32(
      pairRank,
      at,
      at + 1 < parts ? rankOf(base, get32(bounds, at), get32(bounds, at + 2)) : NONE,
    );
    if (at > 0) {
      set32(pairRank, at - 1, rankOf(base, get32(bounds, at - 1), get32(bounds, at + 1)));
    }
  }
  return parts;
}
