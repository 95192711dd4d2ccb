// Shapes the web app reads that @repobundle/contract does not define (yet): everything the
// contract defines is imported from it directly, never declared again here.
import type { AutoDeleteAfter, JobFilesResponse, UserResponse } from '@repobundle/contract';

export type Role = UserResponse['role'];

export const AUTO_DELETE_CHOICES: readonly AutoDeleteAfter[] = [
  'never',
  '1hr',
  '6hr',
  '12hr',
  '1day',
  '7days',
  '14days',
  '30days',
];

/** The user as the app keeps it; settings are held beside it. */
export type User = Omit<UserResponse, 'settings'>;

export type JobFile = JobFilesResponse['files'][number];

/**
 * GET /api/jobs/{id}/chunking-analytics. The contract has no schema for
 * it yet (the engine owns the shape): written from the engine's ChunkingAnalytics, every field
 * past the spec's optional so an older or newer server still renders.
 */
export interface ChunkingAnalytics {
  total_chunks: number;
  avg_tokens_per_chunk: number;
  utilization: number;
  performance_score: number;
  boundary_score: number;
  context_score: number;
  strategy: string;
  llm_tokens_consumed: number;
  token_limit: number;
  file_count: number;
  line_count: number;
  split_definitions?: number;
  outlined_files?: number;
  suggestions: ChunkingSuggestion[];
  comparison?: ChunkingComparison;
  /** Tokens of each chunk in order, when the server sends them. */
  chunk_tokens?: number[];
  /** Each chunk's exact tokens as written, its files and their line spans. */
  chunks?: ChunkSummary[];
}

export interface ChunkSummary {
  index: number;
  file_name: string;
  tokens: number;
  files: { path: string; start_line: number; end_line: number; part: number; part_count: number }[];
}

export interface ChunkingSuggestion {
  type: 'improvement' | 'warning' | 'info';
  title: string;
  description: string;
  recommendation: string;
}

export type Trend = 'up' | 'down' | 'stable';

export interface ChunkingComparison {
  utilization_trend: Trend;
  utilization_delta?: number;
  performance_trend: Trend;
  performance_delta?: number;
  compared_jobs?: number;
}
