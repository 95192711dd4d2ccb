import type { Bundle } from '@repobundle/engine';

/** One file's line span inside a chunk (lines 1-based, inclusive). */
export interface ChunkFileSpan {
  path: string;
  start_line: number;
  end_line: number;
  /** Which part of the file this is when the file is split across chunks. */
  part: number;
  part_count: number;
}

/** A chunk as the analytics report it: its exact token count as written, and what it holds. */
export interface ChunkSummary {
  index: number;
  file_name: string;
  tokens: number;
  files: ChunkFileSpan[];
}

/**
 * Per-chunk figures kept with a job's analytics, so the chart shows counted tokens (the engine's
 * count of each chunk file as written) instead of shares estimated from file sizes.
 */
export function chunkSummaries(chunks: Bundle['chunks']): ChunkSummary[] {
  return chunks.map((chunk) => ({
    index: chunk.index,
    file_name: chunk.fileName,
    tokens: chunk.tokens,
    files: chunk.pieces.map((piece) => ({
      path: piece.path,
      start_line: piece.startLine,
      end_line: piece.endLine,
      part: piece.part,
      part_count: piece.partCount,
    })),
  }));
}
