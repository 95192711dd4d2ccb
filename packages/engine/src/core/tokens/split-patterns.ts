import type { TokenizerName } from '@repobundle/contract/models';
import { deepseekPieceEnd } from './deepseek-split.js';

// tiktoken@1.0.22's split patterns (read from its WASM build), rewritten for JS regular expressions:
// - Rust's \s is Unicode White_Space (has U+0085, lacks U+FEFF); JS's \s differs on both, so the
//   set is spelled out;
// - JS before Node 23 has no (?i:...) group, so each contraction letter is a class carrying its
//   Unicode simple case folds ("s" also matches U+017F LONG S under Rust's case folding).
const WS = String.raw`\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;
const CONTRACTION = String.raw`'(?:[sS\u017f]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])`;
const UPPERISH = String.raw`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`;
const LOWERISH = String.raw`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`;
const PREFIX = String.raw`[^\r\n\p{L}\p{N}]`;
const WHITESPACE_TAIL = String.raw`[${WS}]*[\r\n]+|[${WS}]+(?![^${WS}])|[${WS}]+`;

const O200K = [
  `${PREFIX}?${UPPERISH}*${LOWERISH}+(?:${CONTRACTION})?`,
  `${PREFIX}?${UPPERISH}+${LOWERISH}*(?:${CONTRACTION})?`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^${WS}\p{L}\p{N}]+[\r\n/]*`,
  WHITESPACE_TAIL,
].join('|');

// Llama 3 uses cl100k_base's pattern as it is; Qwen 3 the same with single digits.
const caseBlind = (digits: string) =>
  [
    CONTRACTION,
    String.raw`${PREFIX}?\p{L}+`,
    String.raw`\p{N}${digits}`,
    String.raw` ?[^${WS}\p{L}\p{N}]+[\r\n]*`,
    WHITESPACE_TAIL,
  ].join('|');

// Mistral's Tekken: o200k_base's pattern without contractions and with single digits.
const TEKKEN = [
  `${PREFIX}?${UPPERISH}*${LOWERISH}+`,
  `${PREFIX}?${UPPERISH}+${LOWERISH}*`,
  String.raw`\p{N}`,
  String.raw` ?[^${WS}\p{L}\p{N}]+[\r\n/]*`,
  WHITESPACE_TAIL,
].join('|');

const PATTERNS: Record<Exclude<TokenizerName, 'deepseek_v3' | 'gemma3'>, string> = {
  o200k_base: O200K,
  cl100k_base: caseBlind('{1,3}'),
  llama3: caseBlind('{1,3}'),
  qwen3: caseBlind(''),
  tekken: TEKKEN,
};

/** The end of the pre-token that starts at `at` (every char starts one). */
export type PieceEnd = (text: string, at: number) => number;

/**
 * A tokenizer's pre-tokenizer as a function from a start to the end of its pre-token: the sticky
 * split pattern for one-pattern tokenizers, the staged splits of DeepSeek V3. Gemma 3 has none.
 */
export function createPieceEnd(tokenizer: Exclude<TokenizerName, 'gemma3'>): PieceEnd {
  if (tokenizer === 'deepseek_v3') return deepseekPieceEnd;
  const pattern = new RegExp(PATTERNS[tokenizer], 'uy');
  return (text, at) => {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (match === null || match[0].length === 0) {
      throw new Error(`split pattern found no match at offset ${at}`);
    }
    return at + match[0].length;
  };
}

/** A fresh sticky copy of a one-pattern tokenizer's split pattern: `lastIndex = at; exec()`. */
export function createSplitPattern(tokenizer: keyof typeof PATTERNS): RegExp {
  return new RegExp(PATTERNS[tokenizer], 'uy');
}
