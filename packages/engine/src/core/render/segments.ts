import type { ChunkPiece } from '../types.js';

/** What a verbatim format writes before and after one piece's content. */
export interface PieceParts {
  readonly before: string;
  readonly after: string;
}

/**
 * A chunk as alternating segments: wrapper, content of piece 1, wrapper, content of piece 2, ...,
 * wrapper. Pieces are separated by a blank line, as in `[header, ...pieces].join('\n')`.
 */
export function joinPieceSegments(
  header: string,
  pieces: readonly ChunkPiece[],
  renderPiece: (piece: ChunkPiece) => PieceParts,
): string[] {
  const segments: string[] = [];
  let wrapper = header;
  for (const piece of pieces) {
    const parts = renderPiece(piece);
    segments.push(`${wrapper}\n${parts.before}`, piece.content);
    wrapper = parts.after;
  }
  segments.push(wrapper);
  return segments;
}
