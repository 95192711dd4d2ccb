import type { TextEdit } from './text-edit.js';

function isHorizontalSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\f' || char === '\v';
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isHorizontalSpace(text[i])) return false;
  return true;
}

/** Sorted, with overlapping edits united and deletions on one line joined across spaces. */
function normalize(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextEdit[] = [];
  for (const edit of sorted) {
    const last = merged[merged.length - 1];
    if (last && edit.start < last.end) {
      if (edit.end > last.end) merged[merged.length - 1] = { ...last, end: edit.end };
      continue;
    }
    const bothDeletions =
      last?.replacement === '' && edit.replacement === '' && !last.exact && !edit.exact;
    if (last && bothDeletions && isBlank(text, last.end, edit.start)) {
      merged[merged.length - 1] = { ...last, end: edit.end };
      continue;
    }
    merged.push(edit);
  }
  return merged;
}

/**
 * Widens a deletion so the text around it stays tidy:
 * - a line left holding only whitespace disappears, line break included;
 * - spaces before a removed end-of-line comment go with it;
 * - a comment before code on its line takes the spaces after it (indentation stays);
 * - between two tokens, one space (or a line break, if the comment spanned lines: newlines
 *   can end statements) keeps the tokens apart.
 */
function widen(text: string, edit: TextEdit): TextEdit {
  const lineStart = text.lastIndexOf('\n', edit.start - 1) + 1;
  const newline = text.indexOf('\n', edit.end);
  const lineEnd = newline === -1 ? text.length : newline;
  const contentEnd = lineEnd > edit.end && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
  const blankBefore = isBlank(text, lineStart, edit.start);
  const blankAfter = isBlank(text, edit.end, contentEnd);
  if (blankBefore && blankAfter) {
    return { start: lineStart, end: newline === -1 ? text.length : newline + 1, replacement: '' };
  }
  if (edit.exact) return edit;
  let start = edit.start;
  let end = edit.end;
  if (blankAfter) {
    while (start > lineStart && isHorizontalSpace(text[start - 1])) start--;
    return { start, end: contentEnd, replacement: '' };
  }
  while (end < contentEnd && isHorizontalSpace(text[end])) end++;
  if (blankBefore) return { start, end, replacement: '' };
  const spaceBefore = isHorizontalSpace(text[start - 1]);
  const spannedLines = text.slice(edit.start, edit.end).includes('\n');
  if (spannedLines) {
    while (start > lineStart && isHorizontalSpace(text[start - 1])) start--;
    return { start, end, replacement: '\n' };
  }
  const separate = !spaceBefore && needsSeparator(text[start - 1] ?? '', text[end] ?? '');
  return { start, end, replacement: separate ? ' ' : '' };
}

const WORD = /[\w$]/;

/** Whether two characters that a removed comment separated could fuse into one token. */
function needsSeparator(before: string, after: string): boolean {
  if (!before || !after || after === ',' || after === ';') return false;
  if ('([{'.includes(before) && (WORD.test(after) || ')]}'.includes(after))) return false;
  if (')]}'.includes(after) && WORD.test(before)) return false;
  return true;
}

/**
 * Turns raw removal edits (exact comment ranges) into the edits to apply: merged, widened for
 * tidy lines, non-overlapping. Replacement edits (a docstring turned into `pass`) stay as they are.
 */
export function tidyEdits(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const widened = normalize(text, edits).map((edit) =>
    edit.replacement === '' ? widen(text, edit) : edit,
  );
  const result: TextEdit[] = [];
  for (const edit of widened) {
    const last = result[result.length - 1];
    if (last && edit.start < last.end) {
      // Two widened deletions met (e.g. both took the spaces between them): keep them apart.
      if (edit.end > last.end) result.push({ ...edit, start: last.end });
      continue;
    }
    result.push(edit);
  }
  return result;
}

function isBlankLine(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const char = text[i];
    if (!isHorizontalSpace(char) && char !== '\r') return false;
  }
  return true;
}

/** Deletes whole lines: starts and ends at line starts (or the text's ends). */
function deletesLines(text: string, edit: TextEdit): boolean {
  return (
    edit.replacement === '' &&
    (edit.start === 0 || text[edit.start - 1] === '\n') &&
    (edit.end === text.length || text[edit.end - 1] === '\n')
  );
}

/** Where the blank lines that start at line start `from` end (a line start or the text's end). */
function blankRunEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length) {
    const newline = text.indexOf('\n', end);
    const lineEnd = newline === -1 ? text.length : newline;
    if (!isBlankLine(text, end, lineEnd)) break;
    end = newline === -1 ? text.length : newline + 1;
  }
  return end;
}

/** Where the blank lines that end at line start `to` begin. */
function blankRunStart(text: string, to: number): number {
  let start = to;
  while (start > 0) {
    // lastIndexOf reads a negative position as 0: at start 1 it would find the newline at 0 again.
    const lineStart = start >= 2 ? text.lastIndexOf('\n', start - 2) + 1 : 0;
    if (!isBlankLine(text, lineStart, start - 1)) break;
    start = lineStart;
  }
  return start;
}

/**
 * A line after which a blank line only pads the start of a block: a Python header (`def f():`)
 * or an opening bracket. Only ever used to decide how many blank lines stay.
 */
function opensBlock(text: string, lineEnd: number): boolean {
  let last = lineEnd - 1;
  while (last >= 0 && (isHorizontalSpace(text[last]) || text[last] === '\r')) last--;
  return last >= 0 && ':{(['.includes(text[last] as string);
}

/**
 * The blank lines that stay where whole lines were removed (`joins`, in order) inside the blank
 * run `[start, end)` of the output: none at the top or the bottom of the file; at the start of a
 * block, those that stood before the removed lines; elsewhere the longest of the blank stretches
 * the original had around them, so the removal leaves no more blank lines than stood there.
 */
function keptBlankLines(output: string, start: number, end: number, joins: number[]): string {
  if (start === 0 || end === output.length) return '';
  const bounds = [start, ...joins, end];
  const stretches = bounds.slice(1).map((to, i) => output.slice(bounds[i], to));
  if (opensBlock(output, start - 1)) return stretches[0] as string;
  const lines = (stretch: string): number => stretch.split('\n').length - 1;
  return stretches.reduce((longest, stretch) =>
    lines(stretch) > lines(longest) ? stretch : longest,
  );
}

/**
 * Applies comment removal edits (tidied) and closes the gaps they leave: where whole lines were
 * removed, the blank lines that met there shrink to what keptBlankLines allows, so a removed
 * comment block or docstring leaves no doubled or stray blank line behind.
 */
export function applyCommentEdits(text: string, edits: readonly TextEdit[]): string {
  let output = '';
  let cursor = 0;
  const joins: number[] = [];
  for (const edit of tidyEdits(text, edits)) {
    output += text.slice(cursor, edit.start);
    if (deletesLines(text, edit) && joins[joins.length - 1] !== output.length) {
      joins.push(output.length);
    }
    output += edit.replacement;
    cursor = edit.end;
  }
  output += text.slice(cursor);
  let result = '';
  let copied = 0;
  for (let i = 0; i < joins.length;) {
    const start = blankRunStart(output, joins[i] as number);
    const end = blankRunEnd(output, joins[i] as number);
    const inRun: number[] = [];
    while (i < joins.length && (joins[i] as number) <= end) inRun.push(joins[i++] as number);
    result += output.slice(copied, start) + keptBlankLines(output, start, end, inRun);
    copied = end;
  }
  return result + output.slice(copied);
}
