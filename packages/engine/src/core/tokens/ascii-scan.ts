/**
 * Hand-written pre-tokenizers for ASCII text, equal to the split patterns in split-patterns.ts.
 * Each returns the end of the pre-token starting at `at`, or -1 when deciding it would mean
 * looking at a non-ASCII char (then the caller runs the real pattern at `at`). On success the
 * piece's hash, as `hashRange` computes it, is ready in `scannedHash()`: hashing while scanning
 * saves a second pass over every piece.
 * The pattern is anchored at each match's end and every char starts some match, so the sequence
 * of matches from a given position depends only on the text from there on; the two can be mixed.
 */
import { finishHash, HASH_PRIME, HASH_SEED, hashRange } from './piece-table.js';

const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const NEWLINE = 4; // \r \n
const BLANK = 5; // \t \v \f and space: whitespace that may prefix a word
const OTHER = 6; // punctuation and control chars: [^\s\p{L}\p{N}]

const CLASS = new Uint8Array(128).fill(OTHER);
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

/** hashRange() of the piece the last successful scan returned. */
export function scannedHash(): number {
  return scanned;
}

function accept(hash: number, end: number): number {
  scanned = finishHash(hash);
  return end;
}

/** o200k_base: case-aware words with attached contractions, "/" after punctuation runs. */
export function scanO200k(text: string, at: number): number {
  return scanCaseAware(text, at, true, 3);
}

/** Mistral's Tekken: o200k_base's rules without contractions, one digit per number piece. */
export function scanTekken(text: string, at: number): number {
  return scanCaseAware(text, at, false, 1);
}

function scanCaseAware(text: string, at: number, contractions: boolean, maxDigits: number): number {
  const n = text.length;
  const first = text.charCodeAt(at);
  if (first >= 128) return NON_ASCII;
  let hash = Math.imul(HASH_SEED ^ first, HASH_PRIME);
  let kind = CLASS[first]!;
  let i = at + 1;
  if (kind === DIGIT) return digits(text, at, hash, maxDigits);
  if (kind === NEWLINE) return whitespace(text, at);
  if (kind === OTHER || kind === BLANK) {
    if (i === n) return accept(hash, i);
    const c = text.charCodeAt(i);
    if (c >= 128) return NON_ASCII;
    const next = CLASS[c]!;
    if (next === UPPER || next === LOWER) {
      // [^\r\n\p{L}\p{N}]? prefix of a word.
      hash = Math.imul(hash ^ c, HASH_PRIME);
      kind = next;
      i++;
    } else if (kind === OTHER || (next === OTHER && first === SPACE)) {
      return punctuation(text, i, hash, true);
    } else {
      return whitespace(text, at);
    }
  }
  // [Lu...]*[Ll...]+ or [Lu...]+[Ll...]*: in ASCII, uppers then lowers, ending either way.
  if (kind === UPPER) {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) return NON_ASCII;
      if (CLASS[c] !== UPPER) break;
      hash = Math.imul(hash ^ c, HASH_PRIME);
    }
  }
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return NON_ASCII;
    if (CLASS[c] !== LOWER) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  if (contractions && i < n && text.charCodeAt(i) === APOSTROPHE) {
    const suffix = contractionAt(text, i);
    if (suffix < 0) return NON_ASCII;
    for (const end = i + suffix; i < end; i++)
      hash = Math.imul(hash ^ text.charCodeAt(i), HASH_PRIME);
  }
  return accept(hash, i);
}

/** cl100k_base (and Llama 3): contractions stand alone, words of any case, no "/" rule. */
export function scanCl100k(text: string, at: number): number {
  return scanCaseBlind(text, at, 3);
}

/** Qwen 3: cl100k_base's rules with one digit per number piece. */
export function scanQwen(text: string, at: number): number {
  return scanCaseBlind(text, at, 1);
}

function scanCaseBlind(text: string, at: number, maxDigits: number): number {
  const n = text.length;
  const first = text.charCodeAt(at);
  if (first >= 128) return NON_ASCII;
  let hash = Math.imul(HASH_SEED ^ first, HASH_PRIME);
  const kind = CLASS[first]!;
  let i = at + 1;
  if (kind === DIGIT) return digits(text, at, hash, maxDigits);
  if (kind === NEWLINE) return whitespace(text, at);
  if (kind === OTHER || kind === BLANK) {
    if (first === APOSTROPHE) {
      const suffix = contractionAt(text, at);
      if (suffix < 0) return NON_ASCII;
      if (suffix > 0) {
        for (const end = at + suffix; i < end; i++)
          hash = Math.imul(hash ^ text.charCodeAt(i), HASH_PRIME);
        return accept(hash, i);
      }
    }
    if (i === n) return accept(hash, i);
    const c = text.charCodeAt(i);
    if (c >= 128) return NON_ASCII;
    const next = CLASS[c]!;
    if (next !== UPPER && next !== LOWER) {
      if (kind === OTHER || (next === OTHER && first === SPACE))
        return punctuation(text, i, hash, false);
      return whitespace(text, at);
    }
  }
  // [^\r\n\p{L}\p{N}]?\p{L}+
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
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
function contractionAt(text: string, at: number): number {
  if (at + 1 >= text.length) return 0;
  const a = text.charCodeAt(at + 1);
  if (a >= 128) return NON_ASCII;
  const lower = a | 0x20;
  if (lower === 115 || lower === 116 || lower === 109 || lower === 100) return 2; // s t m d
  const b = at + 2 < text.length ? text.charCodeAt(at + 2) | 0x20 : 0;
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
function digits(text: string, at: number, hash: number, maxDigits: number): number {
  const stop = Math.min(at + maxDigits, text.length);
  let i = at + 1;
  for (; i < stop; i++) {
    const c = text.charCodeAt(i);
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
function punctuation(text: string, i: number, hash: number, slashToo: boolean): number {
  const n = text.length;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return NON_ASCII;
    if (CLASS[c] !== OTHER) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13 && !(slashToo && c === 47)) break;
    hash = Math.imul(hash ^ c, HASH_PRIME);
  }
  return accept(hash, i);
}

/** `\s*[\r\n]+|\s+(?!\S)|\s+` (the same in both encodings); hashed once its end is known. */
function whitespace(text: string, at: number): number {
  const n = text.length;
  let i = at;
  let lastNewline = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return NON_ASCII;
    const k = CLASS[c];
    if (k === NEWLINE) lastNewline = i;
    else if (k !== BLANK) break;
  }
  let end = i;
  if (lastNewline >= 0) end = lastNewline + 1;
  else if (i < n && i - at >= 2) end = i - 1;
  scanned = hashRange(text, at, end);
  return end;
}
