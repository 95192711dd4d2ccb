import type { ChunkingStrategyName } from '../../config/options.js';

/**
 * Chunking analytics, as `GET /api/jobs/{id}/chunking-analytics` returns them. Every score is a percentage from 0 to 100 with one decimal, like `utilization`.
 */
export interface ChunkingAnalytics {
  readonly total_chunks: number;
  /** Rounded to a whole token. */
  readonly avg_tokens_per_chunk: number;
  /** Average chunk tokens / token_limit x 100. */
  readonly utilization: number;
  /** 0.4 x packing + 0.3 x boundary_score + 0.3 x context_score (see `scoreChunks`). */
  readonly performance_score: number;
  /**
   * Share of chunk cuts that fall on a file boundary or a syntax boundary (between syntax nodes of
   * the file's outline, for files that have one).
   */
  readonly boundary_score: number;
  /**
   * Share of chunks whose pieces are all whole units: a file in one piece, or a run cut on
   * boundaries that cuts no definition that would have fit a chunk.
   */
  readonly context_score: number;
  /**
   * Definitions (functions, methods, classes...) that fit a chunk on their own, yet no chunk holds
   * whole: cut in two. Counted in files with a syntax outline only (see `outlined_files`).
   */
  readonly split_definitions: number;
  /** Files with a syntax outline (a grammar parsed them): where definitions could be judged. */
  readonly outlined_files: number;
  /** The strategy that ran. */
  readonly strategy: ChunkingStrategyName;
  /** Sum of the chunks' tokens as rendered: what a model reads to see every chunk. */
  readonly llm_tokens_consumed: number;
  readonly token_limit: number;
  readonly file_count: number;
  readonly line_count: number;
  readonly suggestions: readonly ChunkingSuggestion[];
}

export interface ChunkingSuggestion {
  readonly type: 'improvement' | 'warning' | 'info';
  readonly title: string;
  readonly description: string;
  readonly recommendation: string;
}

export type Trend = 'up' | 'down' | 'stable';

/** How this job compares with the user's previous jobs (rule in `compareAnalytics`). */
export interface ChunkingComparison {
  readonly utilization_trend: Trend;
  /** Percentage points against the previous jobs' average; 0 when there is nothing to compare. */
  readonly utilization_delta: number;
  readonly performance_trend: Trend;
  readonly performance_delta: number;
  /** How many previous jobs the average was taken over. */
  readonly compared_jobs: number;
}

export interface ChunkingAnalyticsWithComparison extends ChunkingAnalytics {
  readonly comparison: ChunkingComparison;
}

/** Rounds to one decimal, the precision of every percentage here. */
export function roundPercent(value: number): number {
  return Math.round(value * 10) / 10;
}
