import type { TokenizerName } from '@repobundle/contract/models';

/**
 * Exact BPE token counting, identical to the reference tokenizer's counts (tiktoken for the
 * OpenAI encodings).
 * Lines are the pieces of the text split on "\n" (a trailing "\n" does not start a new line).
 * Implemented by `getTokenCounter` (./index.ts): `count(text)` equals tiktoken@1.0.22's
 * `encode_ordinary(text).length`, so special-token text such as `<|endoftext|>` counts as plain
 * text and a lone surrogate counts as U+FFFD (what tiktoken's JS binding receives).
 */
export interface TokenCounter {
  /** The tokenizer counted with (named `encoding` after the OpenAI encodings it began with). */
  readonly encoding: TokenizerName;
  count(text: string): number;
  /**
   * count() of the text UTF-8 `bytes` decode to as TextDecoder decodes them (a leading byte order
   * mark dropped, U+FFFD for an invalid sequence), where the counter can do it without decoding.
   */
  countUtf8?(bytes: Uint8Array): number;
  /**
   * Prefix sums of tokens by line: result[k] = tokens of the pre-tokens that start before line k;
   * result.length = lines + 1 and the last element equals count(text).
   */
  countLines(text: string): Uint32Array;
  /**
   * The longest prefix of `text` that ends between two pre-tokens and whose pre-tokens count at
   * most `maxTokens` tokens, in one pass: how a chunk cuts inside a line too long for it.
   * `after`, a pre-token boundary of `text` with the tokens before it (at most `maxTokens`: this
   * method's answer for a smaller budget, or one of `pieceMarks`), lets a counter go on from
   * there instead of counting that prefix again (one that cannot just ignores it).
   */
  fitPrefix(
    text: string,
    maxTokens: number,
    after?: { length: number; tokens: number },
  ): { length: number; tokens: number };
  /**
   * Pre-token boundaries of `text` about every `every` tokens, as [offset, tokens before it]
   * pairs in order, for `fitPrefix`'s `after`; undefined where the counter cannot go on from one.
   */
  pieceMarks?(text: string, every: number): number[] | undefined;
  /**
   * countLines() and pieceMarks() of the whole text in one pass: its line prefix sums, and
   * pre-token boundaries about every `every` tokens as [offset, tokens before it] pairs.
   * Undefined where the counter cannot count so.
   */
  countLinesMarked?(
    text: string,
    every: number,
  ): { prefix: Uint32Array; marks: number[] } | undefined;
}

/** Number of lines as the engine counts them: "" is 0 lines, "a" and "a\n" are 1. */
export function countLinesOf(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  let at = text.indexOf('\n');
  while (at !== -1) {
    if (at !== text.length - 1) lines++;
    at = text.indexOf('\n', at + 1);
  }
  return lines;
}
