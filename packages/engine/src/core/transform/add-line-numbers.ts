import type { Transform } from './transform.js';

/**
 * Prefixes every line with its number, right-aligned to the widest number so code stays
 * aligned ("  9 | x", " 10 | y"). Numbers count the lines of the processed file.
 */
export function addLineNumbers(text: string): string {
  if (text.length === 0) return text;
  const endsWithNewline = text.endsWith('\n');
  const lines = text.split('\n');
  if (endsWithNewline) lines.pop();
  const width = String(lines.length).length;
  const numbered = lines.map((line, index) => `${String(index + 1).padStart(width)} | ${line}`);
  return numbered.join('\n') + (endsWithNewline ? '\n' : '');
}

export const addLineNumbersTransform: Transform = {
  name: 'line-numbers',
  isEnabled: (options) => options.showLineNumbers,
  apply: (text) => addLineNumbers(text),
};
