import { isNewlineJunction } from './tokens/clean-joins.js';
import type { TokenCounter } from './tokens/token-counter.js';

/** Lines at least this long get marks: shorter ones are cut rarely and cheaply. */
export const LONG_LINE_CHARS = 8192;
/** Tokens between two marks: about what a cut inside a marked line tokenizes at most. */
const MARK_TOKENS = 256;

/** A line of at least LONG_LINE_CHARS: content[start, end), its line break included. */
interface LongLine {
  readonly start: number;
  readonly end: number;
  /** Its index among the text's lines. */
  readonly line: number;
}

/**
 * A text's line prefix sums (TokenCounter.countLines) and its ProcessedFile.lineMarks: for each
 * line of at least LONG_LINE_CHARS, the counter's pre-token boundaries of the line taken alone,
 * about every `every` tokens (MARK_TOKENS; tests mark every boundary), as [offset in the text,
 * tokens from the line's start] pairs; none when no line is that long, or the counter cannot go
 * on from a boundary.
 *
 * Where the counter marks boundaries as it counts the text, the long lines are tokenized once: a
 * long line that starts where the text's pre-tokens start afresh whatever comes before (after a
 * line break, by the newline rule of clean joins) is split into the same pre-tokens as the line
 * taken alone, up to the one that holds its line break (which may read on into the next line),
 * so the text's marks inside it are the line's own, less the tokens before the line. Other long
 * lines are counted alone.
 */
export function countLinesWithMarks(
  content: string,
  counter: TokenCounter,
  every = MARK_TOKENS,
): { linePrefix: Uint32Array; lineMarks?: Uint32Array } {
  const long = counter.pieceMarks ? longLinesOf(content) : [];
  const counted = long.length > 0 ? counter.countLinesMarked?.(content, every) : undefined;
  const linePrefix = counted?.prefix ?? counter.countLines(content);
  const found = counted?.marks ?? [];
  const marks: number[] = [];
  let next = 0;
  for (const longLine of long) {
    const { start, end, line } = longLine;
    if (!counted || (start > 0 && !isNewlineJunction(content, start, content, start))) {
      if (!markedAlone(marks, content, longLine, counter, every)) return { linePrefix };
      continue;
    }
    const before = linePrefix[line]!;
    while (next < found.length && found[next]! <= start) next += 2;
    for (; next < found.length && found[next]! < end; next += 2) {
      marks.push(found[next]!, found[next + 1]! - before);
    }
  }
  return marks.length > 0 ? { linePrefix, lineMarks: Uint32Array.from(marks) } : { linePrefix };
}

/** Adds the marks of the line taken alone to `marks`; false when the counter cannot mark it. */
function markedAlone(
  marks: number[],
  content: string,
  { start, end }: LongLine,
  counter: TokenCounter,
  every: number,
): boolean {
  const line = counter.pieceMarks?.(content.slice(start, end), every);
  if (line === undefined) return false;
  for (let i = 0; i < line.length; i += 2) marks.push(start + line[i]!, line[i + 1]!);
  return true;
}

function longLinesOf(content: string): LongLine[] {
  const long: LongLine[] = [];
  if (content.length < LONG_LINE_CHARS) return long;
  for (let start = 0, line = 0; start < content.length; line++) {
    const newline = content.indexOf('\n', start);
    const end = newline === -1 ? content.length : newline + 1;
    if (end - start >= LONG_LINE_CHARS) long.push({ start, end, line });
    start = end;
  }
  return long;
}
