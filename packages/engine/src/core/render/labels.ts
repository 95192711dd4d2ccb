import type { ChunkPiece } from '../types.js';

/** "lines 120-340", "line 7", or "empty" for a piece without lines. */
export function lineRangeLabel(startLine: number, endLine: number): string {
  if (endLine < startLine) return 'empty';
  return startLine === endLine ? `line ${startLine}` : `lines ${startLine}-${endLine}`;
}

/** "part 2 of 3" when the file is split across chunks, else undefined. */
export function partLabel(part: number, partCount: number): string | undefined {
  return partCount > 1 ? `part ${part} of ${partCount}` : undefined;
}

/** "class Foo > method bar", or undefined when the piece carries no context. */
export function contextLabel(piece: Pick<ChunkPiece, 'context'>): string | undefined {
  const context = piece.context;
  return context && context.length > 0 ? context.map(inlineText).join(' > ') : undefined;
}

/**
 * "lines 120-340, part 2 of 3": how headers and the chunk index describe a piece. A file cut down
 * to fit a token budget says so instead of its line range when it is whole ("signatures only"):
 * the lines are the cut text's, not the file's, and the budget wants short headers.
 */
export function pieceSummary(
  piece: Pick<ChunkPiece, 'startLine' | 'endLine' | 'part' | 'partCount' | 'level'>,
): string {
  const part = partLabel(piece.part, piece.partCount);
  const cut = piece.level === undefined ? undefined : LEVEL_LABELS[piece.level];
  if (cut !== undefined && part === undefined) return cut;
  const range = lineRangeLabel(piece.startLine, piece.endLine);
  return [cut, range, part].filter((label) => label !== undefined).join(', ');
}

const LEVEL_LABELS: Readonly<Record<NonNullable<ChunkPiece['level']>, string>> = {
  no_comments: 'comments removed',
  signatures: 'signatures only',
};

/**
 * Text that must stay on one line of a header (a path, a context name): line breaks and other
 * control characters are shown as escapes so that they cannot forge a delimiter.
 */
export function inlineText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * True when content has text after its last newline. Line-based formats (md, txt) always end a
 * body with a newline before the closing delimiter, and mark such pieces so the byte is not
 * invented on the way back.
 */
export function lacksFinalNewline(content: string): boolean {
  return content !== '' && !content.endsWith('\n');
}

/**
 * Length of the longest run of `char` in text (0 when none); with `atLineStart`, only runs that
 * start a line (after any line terminator, as `^` in a multiline regular expression). Every
 * piece is rendered several times (measured, counted, written), so this scans with indexOf rather
 * than a regular expression, which cost more than the rest of the rendering.
 */
export function longestRun(text: string, char: string, atLineStart = false): number {
  let longest = 0;
  for (let at = text.indexOf(char); at !== -1;) {
    let end = at + 1;
    while (text[end] === char) end++;
    if (end - at > longest && (!atLineStart || at === 0 || isLineTerminator(text[at - 1]))) {
      longest = end - at;
    }
    at = text.indexOf(char, end);
  }
  return longest;
}

function isLineTerminator(char: string | undefined): boolean {
  return char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';
}
