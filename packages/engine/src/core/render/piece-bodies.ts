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
 * kept only for the same content. Released once the stage ends: writing renders each chunk once,
 * in order, so a kept body is then given out once and let go, and new ones are not kept; memory
 * falls as chunks are written instead of holding every body to the end.
 */
export class PieceBodies {
  readonly #kept = new Map<string, { readonly content: string; readonly body: PieceBody }>();
  #released = false;

  of(piece: ChunkPiece, make: (content: string) => PieceBody): PieceBody {
    const key = `${piece.path}\n${piece.startLine}\n${piece.endLine}`;
    const found = this.#kept.get(key);
    // The same string when the span is the same; equal text is compared only when it was cut anew.
    if (found && found.content === piece.content) {
      if (this.#released) this.#kept.delete(key);
      return found.body;
    }
    const body = make(piece.content);
    if (!this.#released) this.#kept.set(key, { content: piece.content, body });
    return body;
  }

  /** From now on a kept body is given out once, and bodies made are not kept. */
  release(): void {
    this.#released = true;
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
