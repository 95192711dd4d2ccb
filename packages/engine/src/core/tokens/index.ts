import type { TokenizerName } from '@repobundle/contract/models';
import { BpeTokenCounter } from './bpe-token-counter.js';
import { GemmaTokenCounter, loadGemmaTokenCounter } from './gemma-token-counter.js';
export { registerGemmaSource, type GemmaSource } from './gemma-token-counter.js';
import { loadRankTable } from './rank-table.js';
import type { TokenCounter } from './token-counter.js';

export type { TokenCounter } from './token-counter.js';
export { countLinesOf } from './token-counter.js';
export {
  registerVocabulary,
  fromTiktokenRanks,
  vocabularyFromTokenizerJson,
  type HfTokenizerName,
} from './vocabulary-sources.js';

const counters = new Map<TokenizerName, TokenCounter>();

/** Loads the tokenizer's vocabulary if needed, then gives its counter (see getTokenCounter). */
export async function loadTokenCounter(tokenizer: TokenizerName): Promise<TokenCounter> {
  if (tokenizer === 'gemma3') {
    const counter = await loadGemmaTokenCounter();
    counters.set(tokenizer, counter);
    return counter;
  }
  await loadRankTable(tokenizer);
  return getTokenCounter(tokenizer);
}

/**
 * The exact token counter of a tokenizer, created on first use and cached for the thread. For the
 * OpenAI encodings `count` equals tiktoken's `encode_ordinary(text).length`; for the others, the
 * reference tokenizer's count without special tokens added. The tokenizer must have been loaded
 * with loadTokenCounter.
 */
export function getTokenCounter(tokenizer: TokenizerName): TokenCounter {
  let counter = counters.get(tokenizer);
  if (counter === undefined) {
    if (tokenizer === 'gemma3') {
      throw new Error('The gemma3 tokenizer is not loaded yet: await loadTokenCounter() first.');
    }
    counter = new BpeTokenCounter(tokenizer);
    counters.set(tokenizer, counter);
  }
  return counter;
}

export { GemmaTokenCounter };
export { isCleanJunction, isNewlineJunction, isWordEnd, joinsCleanly } from './clean-joins.js';
