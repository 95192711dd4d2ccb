// Chunking analytics: scores, suggestions and the comparison with previous jobs.
export { analyzeChunks } from './analyze-chunks.js';
export { compareAnalytics, COMPARED_JOBS, TREND_THRESHOLD } from './compare-analytics.js';
export { scoreChunks, isWholeUnit, PERFORMANCE_WEIGHTS } from './score-chunks.js';
export type { ChunkScores } from './score-chunks.js';
export type {
  ChunkingAnalytics,
  ChunkingAnalyticsWithComparison,
  ChunkingComparison,
  ChunkingSuggestion,
  Trend,
} from './analytics.js';
