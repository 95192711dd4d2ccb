import type { TokenCounter } from '../tokens/token-counter.js';
import { isCleanJunction, isNewlineJunction, PROBE_CHARS } from '../tokens/clean-joins.js';
import type { ProcessedFile } from '../types.js';
import { at, lineAt } from './line-index.js';
import type { PlannedSpan } from './strategy.js';

/** Tokens already known plus the indexes of texts still to count; their sum is the chunk's count. */
export interface PendingCount {
  readonly known: number;
  readonly pending: number[];
}

/**
 * The exact count of a chunk from its segments (wrapper, content, wrapper, ...). Where two
 * neighbours do not join cleanly (see isCleanJunction: tokens could merge across the join), they
 * are merged into one text to count. Then wrappers are counted here (they are short), a whole
 * file whose segment stayed alone adds the count the file stage made, and everything else is
 * queued for counting with the other texts.
 */
export function countBySegments(
  segments: readonly string[],
  spans: readonly PlannedSpan[],
  files: readonly ProcessedFile[],
  lineStarts: (file: ProcessedFile) => Uint32Array,
  counter: TokenCounter,
  texts: string[],
): PendingCount {
  const parts: Part[] = [];
  segments.forEach((text, index) => {
    const isWrapper = index % 2 === 0;
    const span = isWrapper ? undefined : spans[(index - 1) / 2];
    const file = span === undefined ? undefined : files[span.file];
    const tokens = file && span ? knownSpanTokens(file, span, lineStarts(file)) : undefined;
    const part: Part = { text, tokens, isShort: isWrapper };
    const last = parts.pop();
    // The junction is judged against everything that follows it, not this segment alone: a
    // one-space piece between a wrapper's "\n" and the next wrapper's "\n" joins both newlines
    // into one pre-token, though each pair on its own joins cleanly.
    if (
      last === undefined ||
      isCleanJunction(last.text, followingText(segments, index), counter.encoding)
    ) {
      if (last) parts.push(last);
      parts.push(part);
    } else {
      parts.push(...joinParts(last, part, counter));
    }
  });
  let known = 0;
  const pending: number[] = [];
  for (const part of parts) {
    if (part.tokens !== undefined) known += part.tokens;
    else if (part.isShort) known += counter.count(part.text);
    else pending.push(texts.push(part.text) - 1);
  }
  return { known, pending };
}

/** Segments from `index` on, joined, as far as a junction check can look (PROBE_CHARS). */
function followingText(segments: readonly string[], index: number): string {
  let text = '';
  for (let at = index; at < segments.length && text.length < PROBE_CHARS; at++) {
    text += (segments[at] as string).slice(0, PROBE_CHARS - text.length);
  }
  return text;
}

interface Part {
  readonly text: string;
  /** Exact tokens when known without counting this text. */
  readonly tokens: number | undefined;
  /** Short enough to count on this thread. */
  readonly isShort: boolean;
}

/**
 * Two parts whose junction is not clean, as parts that are. Typically a file without a final
 * newline before its closing wrapper: its last line is split off where the file's own pre-tokens
 * are cut cleanly, so the body keeps its known count (minus the last line's) and only the last
 * line is counted again, with the wrapper. Otherwise the two are merged and counted whole.
 */
function joinParts(left: Part, right: Part, counter: TokenCounter): Part[] {
  const text = left.text;
  const lastLine = text.lastIndexOf('\n') + 1;
  if (
    left.tokens !== undefined &&
    right.isShort &&
    lastLine > 0 &&
    isNewlineJunction(text, lastLine, text, lastLine)
  ) {
    const tail = text.slice(lastLine);
    return [
      { text: text.slice(0, lastLine), tokens: left.tokens - counter.count(tail), isShort: false },
      { text: tail + right.text, tokens: undefined, isShort: true },
    ];
  }
  return [{ text: text + right.text, tokens: undefined, isShort: left.isShort && right.isShort }];
}

/**
 * A span's token count from the file stage's line prefix sums, when the span is the whole file,
 * or runs between line starts where the file's own pre-tokens are cut cleanly (the newline rule),
 * so that the span counted alone gives the same pre-tokens; otherwise undefined.
 */
function knownSpanTokens(
  file: ProcessedFile,
  span: PlannedSpan,
  starts: Uint32Array,
): number | undefined {
  const { content } = file;
  if (span.start === 0 && span.end === content.length) return file.tokens;
  const cleanAt = (offset: number) =>
    offset === 0 ||
    offset === content.length ||
    isNewlineJunction(content, offset, content, offset);
  if (!cleanAt(span.start) || !cleanAt(span.end)) return undefined;
  const first = lineAt(starts, span.start);
  const end = lineAt(starts, span.end);
  if (at(starts, first) !== span.start || (end < file.lines && at(starts, end) !== span.end)) {
    return undefined;
  }
  return at(file.linePrefix, end) - at(file.linePrefix, first);
}
