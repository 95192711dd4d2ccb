import type { Chunk, ChunkPiece, ProcessedFile } from '../types.js';
import { lineAt } from './line-index.js';
import type { PlannedChunk, PlannedSpan } from './strategy.js';

/** Span constructor for strategies whose only boundaries are file boundaries. */
export function fileSpan(
  files: readonly ProcessedFile[],
  file: number,
  start: number,
  end: number,
): PlannedSpan {
  const length = files[file]?.content.length ?? 0;
  return { file, start, end, startsOnBoundary: start === 0, endsOnBoundary: end === length };
}

/** The level a piece of this file states in its header: only a cut below full is stated. */
export function pieceLevel(file: ProcessedFile): ChunkPiece['level'] {
  return file.level === 'full' || file.level === 'path_only' ? undefined : file.level;
}

/**
 * Turns planned spans into numbered chunks of pieces. A file's pieces are its parts in plan order
 * ("part 2 of 3"); line numbers are 1-based and inclusive, and an empty file is the empty range
 * `startLine 1, endLine 0`.
 */
export function buildChunks(
  files: readonly ProcessedFile[],
  planned: readonly PlannedChunk[],
  lineStarts: (file: ProcessedFile) => Uint32Array,
): Chunk[] {
  const partCounts = new Map<number, number>();
  for (const chunk of planned) {
    for (const span of chunk.spans) partCounts.set(span.file, (partCounts.get(span.file) ?? 0) + 1);
  }
  const partsSeen = new Map<number, number>();
  return planned.map((chunk, position) => ({
    index: position + 1,
    pieces: chunk.spans.map((span): ChunkPiece => {
      const file = files[span.file];
      if (!file) throw new RangeError(`planned span names file ${span.file} of ${files.length}`);
      const part = (partsSeen.get(span.file) ?? 0) + 1;
      partsSeen.set(span.file, part);
      const piece: ChunkPiece = {
        path: file.path,
        language: file.language,
        ...lineRange(file, span, lineStarts),
        part,
        partCount: partCounts.get(span.file) ?? 1,
        content: file.content.slice(span.start, span.end),
        offset: span.start,
        startsOnBoundary: span.startsOnBoundary,
        endsOnBoundary: span.endsOnBoundary,
        ...(file.runs &&
          span.start === 0 &&
          span.end === file.content.length && { runs: file.runs }),
      };
      const level = pieceLevel(file);
      const withLevel = level === undefined ? piece : { ...piece, level };
      return span.context ? { ...withLevel, context: span.context } : withLevel;
    }),
  }));
}

/** A span's first and last line (1-based); a whole file's are known without its line starts. */
function lineRange(
  file: ProcessedFile,
  span: PlannedSpan,
  lineStarts: (file: ProcessedFile) => Uint32Array,
): { startLine: number; endLine: number } {
  if (span.end <= span.start) return { startLine: 1, endLine: 0 };
  if (span.start === 0 && span.end === file.content.length) {
    return { startLine: 1, endLine: file.lines };
  }
  const starts = lineStarts(file);
  return { startLine: lineAt(starts, span.start) + 1, endLine: lineAt(starts, span.end - 1) + 1 };
}
