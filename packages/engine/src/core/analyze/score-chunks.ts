import type { ChunkPiece, RenderedChunk } from '../types.js';
import { roundPercent } from './analytics.js';

export interface ChunkScores {
  readonly utilization: number;
  readonly packing: number;
  readonly boundary: number;
  readonly context: number;
  readonly performance: number;
}

/** Weights of the performance blend; they sum to 1. */
export const PERFORMANCE_WEIGHTS = { packing: 0.4, boundary: 0.3, context: 0.3 } as const;

/**
 * The scores, each 0..100 with one decimal; all 0 for a job without chunks.
 * - utilization = average chunk tokens / limit x 100.
 * - packing = fewest chunks that could hold the tokens (ceil(consumed / limit)) / chunks x 100:
 *   100 when no smaller number of chunks would do, so a small job in one chunk is not penalised
 *   for leaving the limit mostly empty.
 * - boundary = of the 2 x (chunks - 1) cut edges (the end of one chunk, the start of the next, which
 *   differ when windows overlap), the share whose piece ends or starts on a boundary; 100 with one chunk.
 * - context = share of chunks whose pieces are all whole units (a file in one part, or a piece
 *   that starts and ends on boundaries): DESIGN 4.10, "no function cut in two".
 * - performance = 0.4 x packing + 0.3 x boundary + 0.3 x context.
 */
export function scoreChunks(chunks: readonly RenderedChunk[], limit: number): ChunkScores {
  if (chunks.length === 0)
    return { utilization: 0, packing: 0, boundary: 0, context: 0, performance: 0 };
  const consumed = chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
  const utilization = (consumed / chunks.length / limit) * 100;
  const packing = Math.min(100, (Math.max(1, Math.ceil(consumed / limit)) / chunks.length) * 100);

  let edges = 0;
  let onBoundary = 0;
  for (let index = 1; index < chunks.length; index++) {
    const before = chunks[index - 1]?.pieces.at(-1);
    const after = chunks[index]?.pieces[0];
    edges += 2;
    if (before?.endsOnBoundary) onBoundary++;
    if (after?.startsOnBoundary) onBoundary++;
  }
  const boundary = edges === 0 ? 100 : (onBoundary / edges) * 100;

  const wholeChunks = chunks.filter((chunk) => chunk.pieces.every(isWholeUnit)).length;
  const context = (wholeChunks / chunks.length) * 100;

  const performance =
    PERFORMANCE_WEIGHTS.packing * packing +
    PERFORMANCE_WEIGHTS.boundary * boundary +
    PERFORMANCE_WEIGHTS.context * context;
  return {
    utilization: roundPercent(utilization),
    packing: roundPercent(packing),
    boundary: roundPercent(boundary),
    context: roundPercent(context),
    performance: roundPercent(performance),
  };
}

export function isWholeUnit(piece: ChunkPiece): boolean {
  return piece.partCount === 1 || (piece.startsOnBoundary && piece.endsOnBoundary);
}
