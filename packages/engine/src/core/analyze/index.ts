// Chunking analytics: scores, suggestions and the comparison with previous jobs.
export { analyzeChunks } from './analyze-chunks.js';
export { compareAnalytics, COMPARED_JOBS, TREND_THRESHOLD } from './compare-analytics.js';
export { scoreChunks, PERFORMANCE_WEIGHTS } from './score-chunks.js';
export type { ChunkScores } from './score-chunks.js';
export { judgeCuts } from './judge-cuts.js';
export type { CutReport, SplitDefinition } from './judge-cuts.js';
export { createNodeFit } from './node-fit.js';
export type { NodeFit } from './node-fit.js';
export type {
  ChunkingAnalytics,
  ChunkingAnalyticsWithComparison,
  ChunkingComparison,
  ChunkingSuggestion,
  Trend,
} from './analytics.js';
