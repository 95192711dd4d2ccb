import type { TokenCounter } from '../token-counter.js';

/** `counter` with every text it is asked to `count` recorded, in order. */
export function recordingCounter(counter: TokenCounter): {
  counter: TokenCounter;
  asked: string[];
} {
  const asked: string[] = [];
  return {
    asked,
    counter: {
      encoding: counter.encoding,
      count: (text) => {
        asked.push(text);
        return counter.count(text);
      },
      countLines: (text) => counter.countLines(text),
      fitPrefix: (text, max, after) => counter.fitPrefix(text, max, after),
    },
  };
}
