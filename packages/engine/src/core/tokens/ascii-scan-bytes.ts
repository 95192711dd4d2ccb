/**
 * ascii-scan.ts's pre-tokenizers over UTF-8 bytes instead of a string, for counting a file
 * straight from its bytes (no decoding). The two modules mirror each other line for line, and
 * a test holds them equal: a load from a Uint8Array is a plain memory read, while charCodeAt
 * checks the string's representation on every call, and scanning is most of a count's time.
 * A byte of 0x80 or more is a non-ASCII char, so the scanners give up at the same places.
 * The class table is this module's own too: the scanners' table imported from a shared module
 * measured no faster and up to a few per cent slower in Node (alternating runs in one process).
 */
import { finishHash, HASH_PRIME, HASH_SEED, hashBytes } from './piece-table.js';

const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const NEWLINE = 4; // \r \n
const BLANK = 5; // \t \v \f and space: whitespace that may prefix a word
const OTHER = 6; // punctuation and control chars: [^\s\p{L}\p{N}]

/** Each ASCII char's class; the WebAssembly counter gets a copy of this table too. */
export const CLASS = new Uint8Array(128).fill(OTHER);
for (let c = 65; c <= 90; c++) CLASS[c] = UPPER;
for (let c = 97; c <= 122; c++) CLASS[c] = LOWER;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
CLASS[10] = NEWLINE;
CLASS[13] = NEWLINE;
for (const c of [9, 11, 12, 32]) CLASS[c] = BLANK;

const NON_ASCII = -1;
const SPACE = 32;
const APOSTROPHE = 39;

let scanned = 0;

/** hashBytes() of the piece the last successful scan returned. */
export function scannedBytesHash(): number {
  return scanned;
}

function accept(hash: number, end: number): number {
  scanned = finishHash(hash);
  return end;
}

/** o200k_base: case-aware words with attached contractions, "/" after punctuation runs. */
export function scanO200kBytes(bytes: Uint8Array, at: number): number {
  return scanCaseAware(bytes, at, true, 3);
}

/** Mistral's Tekken: o200k_base's rules without contractions, one digit per number piece. */
export function scanTekkenBytes(bytes: Uint8Array, at: number): number {
  return scanCaseAware(bytes, at, false, 1);
}

function scanCaseAware(
  bytes: Uint8Array,
  at: number,
  contractions: boolean,
  maxDigits: number,
): number {
  const n = bytes.length;
  const first = bytes[at]!;
  if (first >= 128) return NON_ASCII;
  let hash = Math.imul(HASH_SEED ^ first, HASH_PRIME);
  let kind = CLASS[first]!;
  let i = at + 1;
  if (kind === DIGIT) return digits(bytes, at, hash, maxDigits);
  if (kind === NEWLINE) return whitespace(bytes, at);
  if (kind === OTHER || kind === BLANK) {
    if (i === n) return accept(hash, i);
    const c = bytes[i]!;
    if (c >= 128) return NON_ASCII;
    const next = CLASS[c]!;
    if (next === UPPER || next === LOWER) {
      // [^\r\n\p{L}\p{N}]? prefix of a word.
      hash = Math.imul(hash ^ c, HASH_PRIME);
      kind = next;
      i++;
    } else if (kind === OTHER || (next === OTHER && first === SPACE)) {
      return punctuation(bytes, i, hash, true);
    } else {
      return whitespace(bytes, at);
    }
  }
  // [Lu...]*[Ll...]+ or [Lu...]+[Ll...]*: in ASCII, uppers then lowers, ending either way.
  if (kind === UPPER) {
    for (; i < n; i++) {
      const c = bytes[i]!;
      if (c >= 128) return NON_ASCII;
      if (CLASS[c] !== UPPER) break;
      hash = Math.imul(hash ^ c, HASH_PRIME);
    }
  }
  for (; i < n; i++) {
    const c = bytes[i]!;
    if (c >= 128) return NON_ASCII;
    if (CLASS[c] !== LOWER) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  if (contractions && i < n && bytes[i]! === APOSTROPHE) {
    const suffix = contractionAt(bytes, i);
    if (suffix < 0) return NON_ASCII;
    for (const end = i + suffix; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, HASH_PRIME);
  }
  return accept(hash, i);
}

/** cl100k_base (and Llama 3): contractions stand alone, words of any case, no "/" rule. */
export function scanCl100kBytes(bytes: Uint8Array, at: number): number {
  return scanCaseBlind(bytes, at, 3);
}

function scanCaseBlind(bytes: Uint8Array, at: number, maxDigits: number): number {
  const n = bytes.length;
  const first = bytes[at]!;
  if (first >= 128) return NON_ASCII;
  let hash = Math.imul(HASH_SEED ^ first, HASH_PRIME);
  const kind = CLASS[first]!;
  let i = at + 1;
  if (kind === DIGIT) return digits(bytes, at, hash, maxDigits);
  if (kind === NEWLINE) return whitespace(bytes, at);
  if (kind === OTHER || kind === BLANK) {
    if (first === APOSTROPHE) {
      const suffix = contractionAt(bytes, at);
      if (suffix < 0) return NON_ASCII;
      if (suffix > 0) {
        for (const end = at + suffix; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, HASH_PRIME);
        return accept(hash, i);
      }
    }
    if (i === n) return accept(hash, i);
    const c = bytes[i]!;
    if (c >= 128) return NON_ASCII;
    const next = CLASS[c]!;
    if (next !== UPPER && next !== LOWER) {
      if (kind === OTHER || (next === OTHER && first === SPACE))
        return punctuation(bytes, i, hash, false);
      return whitespace(bytes, at);
    }
  }
  // [^\r\n\p{L}\p{N}]?\p{L}+
  for (; i < n; i++) {
    const c = bytes[i]!;
    if (c >= 128) return NON_ASCII;
    const k = CLASS[c];
    if (k !== UPPER && k !== LOWER) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  return accept(hash, i);
}

/**
 * Length of a contraction ('s 't 're 've 'm 'll 'd, any case) at the apostrophe at `at`: 0 if
 * none, -1 if a non-ASCII char decides it (U+017F folds to "s").
 */
function contractionAt(bytes: Uint8Array, at: number): number {
  if (at + 1 >= bytes.length) return 0;
  const a = bytes[at + 1]!;
  if (a >= 128) return NON_ASCII;
  const lower = a | 0x20;
  if (lower === 115 || lower === 116 || lower === 109 || lower === 100) return 2; // s t m d
  const b = at + 2 < bytes.length ? bytes[at + 2]! | 0x20 : 0;
  if (
    (lower === 114 && b === 101) ||
    (lower === 118 && b === 101) ||
    (lower === 108 && b === 108)
  ) {
    return 3; // re ve ll
  }
  return 0;
}

/** \p{N}{1,maxDigits}: the first digit is hashed already. */
function digits(bytes: Uint8Array, at: number, hash: number, maxDigits: number): number {
  const stop = Math.min(at + maxDigits, bytes.length);
  let i = at + 1;
  for (; i < stop; i++) {
    const c = bytes[i]!;
    if (c >= 128) return NON_ASCII;
    if (CLASS[c] !== DIGIT) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  return accept(hash, i);
}

/**
 * ` ?[^\s\p{L}\p{N}]+` then trailing newlines (and "/" for o200k), from `i`, the first char not
 * yet hashed (the space or the first punctuation char before it is).
 */
function punctuation(bytes: Uint8Array, i: number, hash: number, slashToo: boolean): number {
  const n = bytes.length;
  for (; i < n; i++) {
    const c = bytes[i]!;
    if (c >= 128) return NON_ASCII;
    if (CLASS[c] !== OTHER) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  for (; i < n; i++) {
    const c = bytes[i]!;
    if (c !== 10 && c !== 13 && !(slashToo && c === 47)) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  return accept(hash, i);
}

/** `\s*[\r\n]+|\s+(?!\S)|\s+` (the same in both encodings); hashed once its end is known. */
function whitespace(bytes: Uint8Array, at: number): number {
  const n = bytes.length;
  let i = at;
  let lastNewline = -1;
  for (; i < n; i++) {
    const c = bytes[i]!;
    if (c >= 128) return NON_ASCII;
    const k = CLASS[c];
    if (k === NEWLINE) lastNewline = i;
    else if (k !== BLANK) break;
  }
  let end = i;
  if (lastNewline >= 0) end = lastNewline + 1;
  else if (i < n && i - at >= 2) end = i - 1;
  scanned = hashBytes(bytes, at, end);
  return end;
}
