import type { TokenizerName } from '@repobundle/contract/models';
import { gemmaPieceEnd } from './gemma-token-counter.js';
import { createPieceEnd, type PieceEnd } from './split-patterns.js';

/** Longest left side we scan to find its last pre-token; longer ones need the newline rule. */
export const MAX_SCANNED_LEFT = 4096;
/**
 * How much of the right side the probe sees. A rule that fails only for lack of input would have
 * to run through all of it, and every such run (letters, whitespace) also has a rule that then
 * matches past the junction, so the probe says "not clean".
 */
export const PROBE_CHARS = 256;

const splitters = new Map<TokenizerName, PieceEnd>();

function pieceEndOf(tokenizer: TokenizerName): PieceEnd {
  let pieceEnd = splitters.get(tokenizer);
  if (!pieceEnd) {
    pieceEnd = tokenizer === 'gemma3' ? gemmaPieceEnd : createPieceEnd(tokenizer);
    splitters.set(tokenizer, pieceEnd);
  }
  return pieceEnd;
}

const SPLIT_WHITESPACE = /[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/**
 * The cheap rule: a left side ending in "\n" joins cleanly with a right side that starts with a
 * character other than whitespace, or with a whitespace run holding no line break and ending
 * before some other character. Every split rule that can end in a newline then stops at the
 * junction: a line-break run cannot continue, and a whitespace run through the junction would need
 * a second line break. A "/" right after the newline is the one exception: o200k's punctuation rule
 * swallows `[\r\n/]*`, so it is allowed only when a letter or digit stands before the run of line
 * breaks the newline ends (the run is then a pre-token of its own, not the tail of punctuation).
 */
export function isNewlineJunction(
  left: string,
  leftEnd: number,
  right: string,
  rightStart: number,
): boolean {
  if (left.charCodeAt(leftEnd - 1) !== 10) return false;
  if (right.charCodeAt(rightStart) === 47 && !followsWordChar(left, leftEnd - 1)) return false;
  for (let at = rightStart; at < right.length; at++) {
    const char = right[at] as string;
    if (char === '\n' || char === '\r') return false;
    if (!SPLIT_WHITESPACE.test(char)) return true;
  }
  return false;
}

/**
 * True when `at` ends a pre-token of `text` whatever stands around the two characters there, by
 * a rule local enough to apply inside a long line: an ASCII letter or digit followed by an ASCII
 * character that is neither (nor the apostrophe of a contraction). Under the o200k and cl100k
 * split rules a pre-token holding a letter or digit holds only letters (after one leading
 * character), digits, or a contraction, so it ends there; the next one starts there, and no rule
 * looks behind. False for other tokenizers, whose rules this has not been checked against.
 */
export function isWordEnd(text: string, at: number, encoding: TokenizerName): boolean {
  if (encoding !== 'o200k_base' && encoding !== 'cl100k_base') return false;
  if (at <= 0 || at >= text.length) return false;
  const next = text.charCodeAt(at);
  return (
    isAsciiWordChar(text.charCodeAt(at - 1)) && next < 128 && !isAsciiWordChar(next) && next !== 39
  );
}

/** True when the line-break run ending at `end` (exclusive) stands right after a letter or digit. */
function followsWordChar(text: string, end: number): boolean {
  let at = end - 1;
  while (at >= 0 && (text.charCodeAt(at) === 10 || text.charCodeAt(at) === 13)) at--;
  return at >= 0 && isAsciiWordChar(text.charCodeAt(at));
}

function isAsciiWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * True when pre-tokenizing `parts.join('')` gives exactly the pre-tokens of each part on its own,
 * so the token count of the whole is the sum of the parts' counts. Each junction is checked:
 * - a left part ending in "\n" followed by a character that no split rule lets a newline run
 *   continue into (not whitespace, not "/"): every rule that can end in a newline stops there;
 * - otherwise, for a short left part, its pre-tokens from the first one ending within
 *   MAX_READ_PAST_END of the junction are matched again with the right part behind them: the
 *   junction is clean when they all end where they did alone.
 * No rule looks behind; a match reads past its end into a contraction, or through a whitespace
 * run whose own later pre-tokens then reach the junction too, so only the pre-tokens compared
 * can change. Each junction is judged against all the parts after it, not the next alone: a
 * pre-token may read through a short part ("A" + "'r" + "Ea" starts with "A'rE"). Empty parts
 * are skipped.
 */
export function joinsCleanly(parts: readonly string[], encoding: TokenizerName): boolean {
  const present = parts.filter((part) => part.length > 0);
  for (let index = 0; index + 1 < present.length; index++) {
    const right = followingText(present, index + 1);
    if (!isCleanJunction(present[index] as string, right, encoding)) return false;
  }
  return true;
}

/** Parts from `index` on, joined, as far as a junction check can look (PROBE_CHARS). */
export function followingText(parts: readonly string[], index: number): string {
  let text = '';
  for (let at = index; at < parts.length && text.length < PROBE_CHARS; at++) {
    text += (parts[at] as string).slice(0, PROBE_CHARS - text.length);
  }
  return text;
}

/** How many of a long left side's last characters isCleanJunctionOfLongLeft reads. */
export const LONG_LEFT_TAIL = 4;

/** Qwen's NFC normalization may compose a leading combining mark with the char before it. */
function normalizesApart(left: string, right: string, encoding: TokenizerName): boolean {
  if (encoding !== 'qwen3' || right.charCodeAt(0) < 0x300) return true;
  const tail = left.slice(-4);
  const head = right.slice(0, 4);
  return (tail + head).normalize('NFC') === tail.normalize('NFC') + head.normalize('NFC');
}

/**
 * isCleanJunction for a left side longer than MAX_SCANNED_LEFT, from its last LONG_LEFT_TAIL
 * characters alone: such a junction is clean only by the newline rule, so a caller holding the
 * left side in pieces need not join them.
 */
export function isCleanJunctionOfLongLeft(
  tail: string,
  right: string,
  encoding: TokenizerName,
): boolean {
  if (right.length === 0) return true;
  if (!normalizesApart(tail, right, encoding)) return false;
  return isNewlineJunction(tail, tail.length, right, 0);
}

/** One junction of joinsCleanly: are `left + right` pre-tokenized as `left`, then `right`? */
export function isCleanJunction(left: string, right: string, encoding: TokenizerName): boolean {
  if (left.length === 0 || right.length === 0) return true;
  if (left.length > MAX_SCANNED_LEFT) {
    return isCleanJunctionOfLongLeft(left.slice(-LONG_LEFT_TAIL), right, encoding);
  }
  if (!normalizesApart(left, right, encoding)) return false;
  if (isNewlineJunction(left, left.length, right, 0)) return true;
  const { start, ends } = probeStart(left, encoding);
  const probe = left.slice(start) + right.slice(0, PROBE_CHARS);
  const pieceEnd = pieceEndOf(encoding);
  let at = 0;
  for (const end of ends) {
    if (pieceEnd(probe, at) !== end - start) return false;
    at = end - start;
  }
  return true;
}

/**
 * How far past its end a pre-token's match may read: after a run of letters the split rules try
 * a contraction, and the longest ("'ll", "'re", "'ve") reads three characters. So a pre-token
 * ending within this many characters of a junction can change with what follows: "A'v" alone is
 * "A" and "'v", but "A'vEA" starts with "A'vE".
 */
export const MAX_READ_PAST_END = 3;

/**
 * A pre-token boundary of `text` from which the pre-tokens to its end are compared with and
 * without a right side: the start of the first pre-token ending within MAX_READ_PAST_END of the
 * end (0 when there is none before), and the ends of the pre-tokens from there. The split rules
 * do not look behind, so the scan may start at any boundary of the whole text's pre-tokens: for
 * o200k and cl100k at a word end (see isWordEnd), which is one whatever precedes it. A text that
 * ends without a final newline was pre-tokenized from its first character at every junction,
 * which cost a tenth of a second run's main thread.
 */
export function probeStart(
  text: string,
  encoding: TokenizerName,
): { start: number; ends: number[] } {
  const pieceEnd = pieceEndOf(encoding);
  const limit = text.length - MAX_READ_PAST_END;
  let start = 0;
  const ends: number[] = [];
  for (let at = lastWordEnd(text, encoding, text.length, limit); at < text.length;) {
    const end = pieceEnd(text, at);
    if (at <= limit) {
      start = at;
      ends.length = 0;
    }
    ends.push(end);
    at = end;
  }
  return { start, ends };
}

/**
 * The last word end of `text` (see isWordEnd) among its last `searched` characters and at or
 * before `last`, or 0 when there is none there.
 */
export function lastWordEnd(
  text: string,
  encoding: TokenizerName,
  searched: number = text.length,
  last: number = text.length - 1,
): number {
  if (encoding !== 'o200k_base' && encoding !== 'cl100k_base') return 0;
  for (let at = Math.min(last, text.length - 1); at > 0 && at >= text.length - searched; at--) {
    if (isWordEnd(text, at, encoding)) return at;
  }
  return 0;
}
