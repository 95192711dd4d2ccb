import type { EncodingName } from '../../config/options.js';
import { BpeTokenCounter } from './bpe-token-counter.js';
import { loadRankTable } from './rank-table.js';
import type { TokenCounter } from './token-counter.js';

export type { TokenCounter } from './token-counter.js';
export { countLinesOf } from './token-counter.js';

const counters = new Map<EncodingName, TokenCounter>();

/** Loads the encoding's vocabulary if needed, then gives its counter (see getTokenCounter). */
export async function loadTokenCounter(encoding: EncodingName): Promise<TokenCounter> {
  await loadRankTable(encoding);
  return getTokenCounter(encoding);
}

/**
 * The exact token counter of an encoding (tiktoken's `encode_ordinary(text).length`), created on
 * first use and cached for the thread. The encoding must have been loaded with loadTokenCounter.
 */
export function getTokenCounter(encoding: EncodingName): TokenCounter {
  let counter = counters.get(encoding);
  if (counter === undefined) {
    counter = new BpeTokenCounter(encoding);
    counters.set(encoding, counter);
  }
  return counter;
}

export { isCleanJunction, isNewlineJunction, joinsCleanly } from './clean-joins.js';
