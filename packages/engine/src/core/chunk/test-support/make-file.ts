// Test support only (imported by *.test.ts): processed files as the count stage would make them.
import type { TokenCounter } from '../../tokens/token-counter.js';
import { countLinesOf } from '../../tokens/token-counter.js';
import type { ProcessedFile } from '../../types.js';

export function makeFile(
  counter: TokenCounter,
  path: string,
  content: string,
  language = 'text',
): ProcessedFile {
  const linePrefix = counter.countLines(content);
  const lines = countLinesOf(content);
  return {
    path,
    language,
    content,
    lines,
    tokens: linePrefix[lines] ?? 0,
    linePrefix,
    originalBytes: new TextEncoder().encode(content).length,
    notes: [],
  };
}
