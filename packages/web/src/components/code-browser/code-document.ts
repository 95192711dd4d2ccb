import { useMemo } from 'react';
import { lineStates } from './highlight.js';
import { columnsOf, splitLines, widestLine } from './line-layout.js';

/** A file prepared once for display: its lines and what laying them out needs. */
export interface CodeDocument {
  lines: string[];
  columns: Uint32Array;
  widest: number;
  /** Language id (./language.js), which picks the highlighting. */
  language: string;
  /** What each line inherits from the lines above (./highlight.js `lineStates`). */
  states: Uint8Array | null;
}

export function createCodeDocument(content: string, language: string): CodeDocument {
  const lines = splitLines(content);
  const columns = columnsOf(lines);
  return {
    lines,
    columns,
    widest: widestLine(columns),
    language,
    states: lineStates(lines, language),
  };
}

export function useCodeDocument(
  content: string | undefined,
  language: string,
): CodeDocument | null {
  return useMemo(
    () => (content === undefined ? null : createCodeDocument(content, language)),
    [content, language],
  );
}
