import type { TokenCounter } from './tokens/token-counter.js';

/** Lines at least this long get marks: shorter ones are cut rarely and cheaply. */
export const LONG_LINE_CHARS = 8192;
/** Tokens between two marks: about what a cut inside a marked line tokenizes at most. */
const MARK_TOKENS = 256;

/**
 * ProcessedFile.lineMarks of a text: for each line of at least LONG_LINE_CHARS, the counter's
 * pre-token boundaries of the line taken alone, about every MARK_TOKENS tokens, as [offset in
 * the text, tokens from the line's start] pairs. Undefined when no line is that long, or the
 * counter cannot go on from a boundary.
 */
export function marksOfLongLines(content: string, counter: TokenCounter): Uint32Array | undefined {
  if (!counter.pieceMarks || content.length < LONG_LINE_CHARS) return undefined;
  const marks: number[] = [];
  for (let start = 0; start < content.length;) {
    const newline = content.indexOf('\n', start);
    const end = newline === -1 ? content.length : newline + 1;
    if (end - start >= LONG_LINE_CHARS) {
      const line = counter.pieceMarks(content.slice(start, end), MARK_TOKENS);
      if (line === undefined) return undefined;
      for (let i = 0; i < line.length; i += 2) marks.push(start + line[i]!, line[i + 1]!);
    }
    start = end;
  }
  return marks.length > 0 ? Uint32Array.from(marks) : undefined;
}
