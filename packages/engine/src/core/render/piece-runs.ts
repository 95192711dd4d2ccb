import type { ChunkPiece, ContentRuns } from '../types.js';
import { longestRun } from './labels.js';

/**
 * The delimiter runs of a piece's content: what its md fence and its txt marker must be longer
 * than. Every piece is rendered more than once (counted while chunks are planned, then written),
 * and scanning its content each time cost more than the rest of rendering a txt chunk. A piece
 * that holds its file whole carries the runs the file stage measured (kept with the file's cached
 * result); a long piece cut from a file is scanned once.
 */
type KnownRuns = { backticks?: number; equalsAtLineStart?: number };

/** Runs scanned in pieces that carry none, by piece. */
const scanned = new WeakMap<ChunkPiece, KnownRuns>();

/** The runs of a text: measured once per file by the file stage. */
export function measureRuns(text: string): ContentRuns {
  return {
    length: text.length,
    backticks: longestRun(text, '`'),
    equalsAtLineStart: longestRun(text, '=', true),
  };
}

/** Length of the longest run of backticks in the piece's content. */
export function backtickRun(piece: ChunkPiece): number {
  return runOf(piece, 'backticks', '`', false);
}

/** Length of the longest run of `=` that starts a line of the piece's content. */
export function equalsRunAtLineStart(piece: ChunkPiece): number {
  return runOf(piece, 'equalsAtLineStart', '=', true);
}

/**
 * Contents shorter than this are scanned at every rendering: the wrappers are measured on
 * thousands of throwaway pieces of a character or two, and remembering each cost more than
 * scanning it.
 */
const REMEMBERED_FROM = 256;

function runOf(piece: ChunkPiece, kind: keyof KnownRuns, char: string, atLineStart: boolean) {
  // Runs measured on a text of another length are not this content's (a piece copied with new
  // content): they are ignored.
  if (piece.runs?.length === piece.content.length) return piece.runs[kind];
  const runs = scanned.get(piece);
  const found = runs?.[kind];
  if (found !== undefined) return found;
  const measured = longestRun(piece.content, char, atLineStart);
  if (runs) runs[kind] = measured;
  else if (piece.content.length >= REMEMBERED_FROM) scanned.set(piece, { [kind]: measured });
  return measured;
}
