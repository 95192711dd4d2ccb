import type { ResolvedOptions } from '../../config/options.js';
import { effectiveStrategyName } from '../chunk/registry.js';
import type { ChunkCostModel } from '../chunk/strategy.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';
import type { ChunkingAnalytics } from './analytics.js';
import { createNodeFit } from './node-fit.js';
import { judgeCuts } from './judge-cuts.js';
import { scoreChunks } from './score-chunks.js';
import { suggest } from './suggest.js';

/**
 * Chunking analytics of one job (formulas in `scoreChunks`, cut rules in
 * `judgeCuts`). `cost` is the chunk stage's cost model: with it, whether a definition fits a chunk
 * is judged exactly as the planner judges it; without it, from the job's own figures.
 */
export function analyzeChunks(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
  options: ResolvedOptions,
  cost?: ChunkCostModel,
): ChunkingAnalytics {
  const strategy = effectiveStrategyName(options.chunkingStrategy);
  const fits = createNodeFit(options.tokenLimit, chunks, files, cost);
  const cuts = judgeCuts(chunks, files, fits);
  const scores = scoreChunks(chunks, options.tokenLimit, cuts);
  const consumed = chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
  return {
    total_chunks: chunks.length,
    avg_tokens_per_chunk: chunks.length === 0 ? 0 : Math.round(consumed / chunks.length),
    utilization: scores.utilization,
    performance_score: scores.performance,
    boundary_score: scores.boundary,
    context_score: scores.context,
    split_definitions: cuts.splitDefinitions.length,
    outlined_files: cuts.outlinedFiles,
    strategy,
    llm_tokens_consumed: consumed,
    token_limit: options.tokenLimit,
    file_count: files.length,
    line_count: files.reduce((sum, file) => sum + file.lines, 0),
    suggestions: suggest({ chunks, files, options, strategy, scores, cuts }),
  };
}
