import { describe, expect, it } from 'vitest';
import type { ChunkingAnalytics } from './analytics.js';
import { compareAnalytics } from './compare-analytics.js';

function analytics(utilization: number, performance: number): ChunkingAnalytics {
  return {
    total_chunks: 1,
    avg_tokens_per_chunk: 1,
    utilization,
    performance_score: performance,
    boundary_score: 100,
    context_score: 100,
    split_definitions: 0,
    outlined_files: 0,
    strategy: 'fixed',
    llm_tokens_consumed: 1,
    token_limit: 32_000,
    file_count: 1,
    line_count: 1,
    suggestions: [],
  };
}

describe('compareAnalytics', () => {
  it('is stable with delta 0 when there is no previous job', () => {
    expect(compareAnalytics(analytics(50, 50), []).comparison).toEqual({
      utilization_trend: 'stable',
      utilization_delta: 0,
      performance_trend: 'stable',
      performance_delta: 0,
      compared_jobs: 0,
    });
  });

  it('compares with the average of the previous jobs', () => {
    const result = compareAnalytics(analytics(80, 60), [analytics(70, 70), analytics(60, 65)]);
    expect(result.comparison).toEqual({
      utilization_trend: 'up',
      utilization_delta: 15,
      performance_trend: 'down',
      performance_delta: -7.5,
      compared_jobs: 2,
    });
    expect(result.utilization).toBe(80);
  });

  it('calls changes under 2 points stable', () => {
    const { comparison } = compareAnalytics(analytics(51.9, 48.1), [analytics(50, 50)]);
    expect(comparison).toMatchObject({
      utilization_trend: 'stable',
      utilization_delta: 1.9,
      performance_trend: 'stable',
    });
    expect(compareAnalytics(analytics(52, 48), [analytics(50, 50)]).comparison).toMatchObject({
      utilization_trend: 'up',
      performance_trend: 'down',
    });
  });

  it('only looks at the five most recent jobs', () => {
    const previous = [...Array.from({ length: 5 }, () => analytics(50, 50)), analytics(0, 0)];
    expect(compareAnalytics(analytics(50, 50), previous).comparison).toMatchObject({
      utilization_delta: 0,
      compared_jobs: 5,
    });
  });
});
