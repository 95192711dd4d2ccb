import type { ChunkPiece } from '../types.js';

/** A piece's content as a format writes it. */
export interface PieceBody {
  readonly text: string;
  /** Set when the content is written encoded instead of escaped (xml's base64). */
  readonly encoding?: 'base64';
}

/**
 * Each piece's body made once and reused while the chunk stage runs: the stage renders a chunk
 * several times (planned, merged, renumbered) and a format that escapes its content (json, xml)
 * spent most of a run escaping the same megabytes again. A body is found by the piece's place and
 * kept only for the same content. Closed once the stage ends: writing renders one chunk at a time
 * and must not hold every body.
 */
export class PieceBodies {
  #kept: Map<string, { readonly content: string; readonly body: PieceBody }> | undefined =
    new Map();

  of(piece: ChunkPiece, make: (content: string) => PieceBody): PieceBody {
    const kept = this.#kept;
    if (!kept) return make(piece.content);
    const key = `${piece.path}\n${piece.startLine}\n${piece.endLine}`;
    const found = kept.get(key);
    // The same string when the span is the same; equal text is compared only when it was cut anew.
    if (found && found.content === piece.content) return found.body;
    const body = make(piece.content);
    kept.set(key, { content: piece.content, body });
    return body;
  }

  /** Lets every body go; bodies are made afresh, and not kept, from now on. */
  close(): void {
    this.#kept = undefined;
  }
}

/** The piece's body through the context's kept bodies when there are any. */
export function pieceBody(
  piece: ChunkPiece,
  bodies: PieceBodies | undefined,
  make: (content: string) => PieceBody,
): PieceBody {
  return bodies ? bodies.of(piece, make) : make(piece.content);
}
