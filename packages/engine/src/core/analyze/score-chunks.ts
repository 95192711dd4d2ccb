import type { RenderedChunk } from '../types.js';
import { roundPercent } from './analytics.js';
import type { CutReport } from './judge-cuts.js';

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
 *   differ when windows overlap), the share on a file or syntax boundary (`judgeCuts`); 100 with
 *   one chunk.
 * - context = share of chunks whose pieces are all whole units (`judgeCuts`): "no
 *   function cut in two".
 * - performance = 0.4 x packing + 0.3 x boundary + 0.3 x context: packing weighs most because it is
 *   what a reader pays for (tokens and requests); the two structure scores share the rest.
 */
export function scoreChunks(
  chunks: readonly RenderedChunk[],
  limit: number,
  cuts: CutReport,
): ChunkScores {
  if (chunks.length === 0)
    return { utilization: 0, packing: 0, boundary: 0, context: 0, performance: 0 };
  const consumed = chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
  const utilization = (consumed / chunks.length / limit) * 100;
  const packing = Math.min(100, (Math.max(1, Math.ceil(consumed / limit)) / chunks.length) * 100);
  const boundary = cuts.edges === 0 ? 100 : (cuts.onBoundary / cuts.edges) * 100;
  const context = (cuts.wholeChunks / chunks.length) * 100;
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
