import type { Transform } from './transform.js';

const BLANK_LINE = /^[ \t\f\v]*\r?$/;

/** Drops lines that hold only whitespace; keeps each kept line's own line ending. */
export function removeBlankLines(text: string): string {
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  if (endsWithNewline) lines.pop();
  const kept = lines.filter((line) => !BLANK_LINE.test(line));
  if (kept.length === 0) return '';
  return kept.join('\n') + (endsWithNewline ? '\n' : '');
}

export const removeBlankLinesTransform: Transform = {
  name: 'remove-blank-lines',
  isEnabled: (options) => options.removeBlankLines,
  apply: (text) => removeBlankLines(text),
};
