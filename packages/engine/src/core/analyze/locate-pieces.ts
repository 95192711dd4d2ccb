import { lineStartsOf } from '../chunk/line-index.js';
import type { ChunkPiece, ProcessedFile, RenderedChunk } from '../types.js';

/** A piece with the file it belongs to and its UTF-16 offsets in that file's content. */
export interface LocatedPiece {
  readonly piece: ChunkPiece;
  /** Index into the job's files, or -1 for a piece naming no known file. */
  readonly file: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Finds every piece in its file: at its recorded offset when the chunker gave one (comparing the
 * text would read every byte of the output again), else by order. Pieces of a file come in order:
 * each continues where the previous one ended, except a window that repeats the previous one's
 * trailing lines (fixed overlap), which starts at the beginning of its first line.
 */
export function locatePieces(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
): LocatedPiece[][] {
  const indexOf = new Map(files.map((file, index) => [file.path, index]));
  const cursors = new Map<number, number>();
  return chunks.map((chunk) =>
    chunk.pieces.map((piece): LocatedPiece => {
      const index = indexOf.get(piece.path) ?? -1;
      const file = files[index];
      if (!file) return { piece, file: -1, start: 0, end: piece.content.length };
      const cursor = cursors.get(index) ?? 0;
      let start = piece.offset ?? cursor;
      if (piece.offset === undefined && !file.content.startsWith(piece.content, cursor)) {
        start = lineStartsOf(file)[Math.max(piece.startLine - 1, 0)] ?? cursor;
      }
      const end = start + piece.content.length;
      cursors.set(index, Math.max(cursor, end));
      return { piece, file: index, start, end };
    }),
  );
}
