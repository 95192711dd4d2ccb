import type { EncodingName } from '../../config/options.js';

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

const CL100K = [
  CONTRACTION,
  String.raw`${PREFIX}?\p{L}+`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^${WS}\p{L}\p{N}]+[\r\n]*`,
  WHITESPACE_TAIL,
].join('|');

/** A fresh sticky copy of the encoding's split pattern: `lastIndex = at; exec()` matches at `at`. */
export function createSplitPattern(encoding: EncodingName): RegExp {
  return new RegExp(encoding === 'o200k_base' ? O200K : CL100K, 'uy');
}
