import type { TextEdit } from '../text-edit.js';

const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\t';

/**
 * Sorts the edits and tidies the deletions among them: deletions separated only by whitespace
 * merge into one; one that leaves its line empty takes the whole line and the blank lines after
 * it; one that shares its line with kept code takes the spaces before it (an end-of-line
 * comment) or after it. Never past a neighbouring edit, so edits stay disjoint.
 */
export function tidyDrops(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextEdit[] = [];
  for (const edit of sorted) {
    const previous = merged[merged.length - 1];
    if (
      previous &&
      previous.replacement === '' &&
      edit.replacement === '' &&
      /^\s*$/.test(text.slice(previous.end, edit.start))
    ) {
      merged[merged.length - 1] = { ...previous, end: Math.max(previous.end, edit.end) };
    } else merged.push(edit);
  }
  return merged.map((edit, index) => {
    if (edit.replacement !== '') return edit;
    const floor = merged[index - 1]?.end ?? 0;
    const ceiling = merged[index + 1]?.start ?? text.length;
    return widen(text, edit, floor, ceiling);
  });
}

function widen(text: string, edit: TextEdit, floor: number, ceiling: number): TextEdit {
  let start = edit.start;
  while (start > floor && isBlank(text[start - 1])) start -= 1;
  const startsLine = start === 0 || text[start - 1] === '\n';
  let end = edit.end;
  while (end < ceiling && (isBlank(text[end]) || text[end] === '\r')) end += 1;
  const endsLine = end === text.length || text[end] === '\n';
  if (startsLine && endsLine) {
    // The line goes, and the blank lines after it.
    for (;;) {
      let next = end + 1;
      while (next < ceiling && (isBlank(text[next]) || text[next] === '\r')) next += 1;
      if (next > ceiling || (next < text.length && text[next] !== '\n')) {
        end = Math.min(end + 1, ceiling, text.length);
        break;
      }
      if (next >= text.length) {
        end = text.length;
        break;
      }
      end = next;
    }
    return { start, end, replacement: '' };
  }
  if (endsLine) return { start, end: edit.end, replacement: '' };
  // Code follows on the line: keep the indentation before, take the spaces after.
  return { start: edit.start, end, replacement: '' };
}
