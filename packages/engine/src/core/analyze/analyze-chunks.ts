import type { ResolvedOptions } from '../../config/options.js';
import { effectiveStrategyName } from '../chunk/registry.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';
import type { ChunkingAnalytics } from './analytics.js';
import { scoreChunks } from './score-chunks.js';
import { suggest } from './suggest.js';

/** Chunking analytics of one job (DESIGN 4.10; formulas in `scoreChunks`). */
export function analyzeChunks(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
  options: ResolvedOptions,
): ChunkingAnalytics {
  const strategy = effectiveStrategyName(options.chunkingStrategy);
  const scores = scoreChunks(chunks, options.tokenLimit);
  const consumed = chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
  return {
    total_chunks: chunks.length,
    avg_tokens_per_chunk: chunks.length === 0 ? 0 : Math.round(consumed / chunks.length),
    utilization: scores.utilization,
    performance_score: scores.performance,
    boundary_score: scores.boundary,
    context_score: scores.context,
    strategy,
    llm_tokens_consumed: consumed,
    token_limit: options.tokenLimit,
    file_count: files.length,
    line_count: files.reduce((sum, file) => sum + file.lines, 0),
    suggestions: suggest({ chunks, files, options, strategy, scores }),
  };
}
