/**
 * DeepSeek V3's pre-tokenizer: three splits in sequence, each keeping what it matched and what
 * lies between as pieces: numbers of up to three digits, then runs of CJK ideographs and kana,
 * then the main pattern inside what is left. A piece of the last stage ends where the stretch
 * between numbers and CJK runs ends, as if the text ended there. The patterns run as JavaScript
 * regular expressions, as in the reference implementation (transformers.js).
 */
const NUMBER = /\p{N}{1,3}/uy;
const CJK_CLASS = String.raw`\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff`;
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'uy');
const STAGE_BOUNDARY = new RegExp(String.raw`[\p{N}${CJK_CLASS}]`, 'gu');
const IS_NUMBER = /\p{N}/uy;
const MAIN = new RegExp(
  [
    String.raw`[!-\/:-@\[-\x60{-~][A-Za-z]+`,
    String.raw`[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+`,
    String.raw` ?[\p{P}\p{S}]+[\r\n]*`,
    String.raw`\s*[\r\n]+`,
    String.raw`\s+(?!\S)`,
    String.raw`\s+`,
  ].join('|'),
  'gu',
);

// The last stretch found: positions in [from, boundary) of `text` share its end.
let memoText = '';
let memoFrom = -1;
let memoBoundary = -1;

/** Where the stretch holding `at` (no number, no CJK) ends: the next number or CJK char. */
function stretchEnd(text: string, at: number): number {
  if (text === memoText && at >= memoFrom && at < memoBoundary) return memoBoundary;
  STAGE_BOUNDARY.lastIndex = at;
  const next = STAGE_BOUNDARY.exec(text);
  memoText = text;
  memoFrom = at;
  memoBoundary = next === null ? text.length : next.index;
  return memoBoundary;
}

/** The end of the pre-token that starts at `at`, for any text. */
export function deepseekPieceEnd(text: string, at: number): number {
  IS_NUMBER.lastIndex = at;
  if (IS_NUMBER.test(text)) {
    NUMBER.lastIndex = at;
    return at + (NUMBER.exec(text) as RegExpExecArray)[0].length;
  }
  CJK_RUN.lastIndex = at;
  const cjk = CJK_RUN.exec(text);
  if (cjk !== null) return at + cjk[0].length;
  const end = stretchEnd(text, at);
  const stretch = text.slice(at, end);
  MAIN.lastIndex = 0;
  const match = MAIN.exec(stretch);
  // Chars no rule matches (control chars) form a piece up to the next match.
  if (match === null) return end;
  return match.index === 0 ? at + match[0].length : at + match.index;
}

const LETTER = 1;
const DIGIT = 2;
const NEWLINE = 3;
const BLANK = 4; // \t \v \f and space
const PUNCT = 5; // ASCII punctuation and symbols: \p{P} or \p{S}
const CONTROL = 6;

const CLASS = new Uint8Array(128).fill(CONTROL);
for (let c = 33; c < 127; c++) CLASS[c] = PUNCT;
for (let c = 65; c <= 90; c++) CLASS[c] = LETTER;
for (let c = 97; c <= 122; c++) CLASS[c] = LETTER;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
CLASS[10] = NEWLINE;
CLASS[13] = NEWLINE;
for (const c of [9, 11, 12, 32]) CLASS[c] = BLANK;

const NON_ASCII = -1;

/** Class of the char at `i`: 0 past the end, -1 when not ASCII. */
function classAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const c = text.charCodeAt(i);
  return c >= 128 ? NON_ASCII : CLASS[c]!;
}

/**
 * deepseekPieceEnd for ASCII text: the end of the pre-token at `at`, or -1 when a non-ASCII char
 * (or a control char, rare in code) decides it. A digit ends a stretch like the end of the text.
 */
export function scanDeepseek(text: string, at: number): number {
  const first = classAt(text, at);
  if (first === DIGIT) {
    let i = at + 1;
    for (; i < at + 3; i++) {
      const k = classAt(text, i);
      if (k === NON_ASCII) return NON_ASCII;
      if (k !== DIGIT) break;
    }
    return i;
  }
  const second = classAt(text, at + 1);
  if (first === PUNCT) {
    if (second === LETTER) return letters(text, at + 2, false);
    return punctuation(text, at + 1);
  }
  if (first === LETTER) return letters(text, at + 1, true);
  if (first === BLANK || first === NEWLINE) {
    if (first === BLANK && second === LETTER) return letters(text, at + 2, true);
    if (text.charCodeAt(at) === 32 && second === PUNCT) {
      return punctuation(text, at + 2);
    }
    return whitespace(text, at);
  }
  return NON_ASCII;
}

/** [\p{L}\p{M}]+ (or the first rule's [A-Za-z]+) from `i`; a non-ASCII char may be a letter. */
function letters(text: string, i: number, marksToo: boolean): number {
  for (; ; i++) {
    const k = classAt(text, i);
    if (k === LETTER) continue;
    return k === NON_ASCII && marksToo ? NON_ASCII : i;
  }
}

/** [\p{P}\p{S}]+[\r\n]* from `i`, the first char past the leading one. */
function punctuation(text: string, i: number): number {
  for (; ; i++) {
    const k = classAt(text, i);
    if (k === NON_ASCII) return NON_ASCII;
    if (k !== PUNCT) break;
  }
  while (classAt(text, i) === NEWLINE) i++;
  return i;
}

/** \s*[\r\n]+|\s+(?!\S)|\s+ where a digit, like the end, is not \S (it ends the stretch). */
function whitespace(text: string, at: number): number {
  let i = at;
  let lastNewline = -1;
  for (; ; i++) {
    const k = classAt(text, i);
    if (k === NON_ASCII) return NON_ASCII;
    if (k === NEWLINE) lastNewline = i;
    else if (k !== BLANK) break;
  }
  if (lastNewline >= 0) return lastNewline + 1;
  const stop = classAt(text, i);
  if (stop === 0 || stop === DIGIT || i - at < 2) return i;
  return i - 1;
}
