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

/**
 * Applies comment removal edits (tidied) and closes the gaps they leave: where removed lines
 * stood between two blank lines, or at the top of the file before a blank line, one blank line
 * goes too, so a removed comment block leaves no doubled blank line behind.
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
  // From the last join back, so earlier offsets stay valid.
  for (const join of joins.reverse()) {
    const lineEnd = output.indexOf('\n', join);
    if (lineEnd === -1 || !isBlankLine(output, join, lineEnd)) continue;
    const previousStart = output.lastIndexOf('\n', join - 2) + 1;
    if (join === 0 || isBlankLine(output, previousStart, join - 1)) {
      output = output.slice(0, join) + output.slice(lineEnd + 1);
    }
  }
  return output;
}
