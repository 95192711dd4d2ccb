import { useMemo } from 'react';
import { fenceMap } from './highlight.js';
import { languageOf, type HighlightMode } from './language.js';
import { columnsOf, splitLines, widestLine } from './line-layout.js';

/** A file prepared once for display: its lines and what laying them out needs. */
export interface CodeDocument {
  lines: string[];
  columns: Uint32Array;
  widest: number;
  mode: HighlightMode;
  /** Markdown only: which lines sit inside fenced code. */
  fences: Uint8Array | null;
  language: string;
}

export function createCodeDocument(content: string, path: string): CodeDocument {
  const lines = splitLines(content);
  const columns = columnsOf(lines);
  const { label, mode } = languageOf(path);
  return {
    lines,
    columns,
    widest: widestLine(columns),
    mode,
    fences: mode === 'markdown' ? fenceMap(lines) : null,
    language: label,
  };
}

export function useCodeDocument(content: string | undefined, path: string): CodeDocument | null {
  return useMemo(
    () => (content === undefined ? null : createCodeDocument(content, path)),
    [content, path],
  );
}
