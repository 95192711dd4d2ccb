import { fenceMap, highlightFormat, type FormatFamily } from './highlight-formats.js';
import { blockCommentStarts, highlightSource } from './highlight-source.js';
import type { Token } from './token.js';

// The one highlighter of the code views: a language id (from ./language.js) picks a format
// grammar (markdown, JSON, YAML, XML, CSV), plain text, or a source-code grammar. It works one
// line at a time and the views call it for the lines on screen only, so a multi-megabyte file
// costs what a screenful costs. What a line needs from the lines above it (inside a block
// comment, inside a markdown fence) comes from one cheap pre-pass, `lineStates`.

export type { Token, TokenKind } from './token.js';

/** Lines longer than this are shown plain: a minified line would cost more than it shows. */
export const MAX_HIGHLIGHT_LENGTH = 2_000;

const FORMAT_OF: Readonly<Record<string, FormatFamily | 'plain'>> = {
  markdown: 'markdown',
  mdx: 'markdown',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  jsonl: 'json',
  'jupyter-notebook': 'json',
  yaml: 'yaml',
  xml: 'xml',
  csv: 'csv',
  text: 'plain',
  tsv: 'plain',
  restructuredtext: 'plain',
  asciidoc: 'plain',
  org: 'plain',
  diff: 'plain',
};

function formatOf(language: string): FormatFamily | 'plain' | undefined {
  return Object.hasOwn(FORMAT_OF, language) ? FORMAT_OF[language] : undefined;
}

/**
 * Per line, what it inherits from the lines above: for markdown 0 text, 1 inside a fence, 2 a
 * fence line; for source code 1 when the line starts inside a block comment. Null when the
 * language carries nothing across lines.
 */
export function lineStates(lines: readonly string[], language: string): Uint8Array | null {
  const format = formatOf(language);
  if (format === 'markdown') return fenceMap(lines);
  if (format !== undefined) return null;
  return blockCommentStarts(lines, language);
}

/** Tokens of one line; `state` is the line's value from `lineStates`. */
export function highlightLine(text: string, language: string, state = 0): Token[] {
  if (text.length === 0) return [];
  if (text.length > MAX_HIGHLIGHT_LENGTH) return [{ text, kind: 'plain' }];
  const format = formatOf(language);
  if (format === 'plain') return [{ text, kind: 'plain' }];
  if (format !== undefined) return highlightFormat(text, format, state);
  return highlightSource(text, language, state === 1);
}
