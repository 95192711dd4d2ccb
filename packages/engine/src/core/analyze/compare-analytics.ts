import type {
  ChunkingAnalytics,
  ChunkingAnalyticsWithComparison,
  ChunkingComparison,
  Trend,
} from './analytics.js';
import { roundPercent } from './analytics.js';

/** Previous jobs averaged into the baseline, most recent first. */
export const COMPARED_JOBS = 5;
/** A change smaller than this many percentage points is noise: the trend is 'stable'. */
export const TREND_THRESHOLD = 2;

/**
 * Compares a job with the user's previous jobs (most recent first; the caller excludes the job
 * itself). Rule: baseline = mean of the first `COMPARED_JOBS` previous values; delta = current -
 * baseline in percentage points, one decimal; 'up' when delta >= 2, 'down' when delta <= -2, else
 * 'stable'. With no previous job both trends are 'stable' with delta 0.
 */
export function compareAnalytics(
  current: ChunkingAnalytics,
  previous: readonly ChunkingAnalytics[],
): ChunkingAnalyticsWithComparison {
  const recent = previous.slice(0, COMPARED_JOBS);
  const utilization = trendOf(
    current.utilization,
    recent.map((item) => item.utilization),
  );
  const performance = trendOf(
    current.performance_score,
    recent.map((item) => item.performance_score),
  );
  const comparison: ChunkingComparison = {
    utilization_trend: utilization.trend,
    utilization_delta: utilization.delta,
    performance_trend: performance.trend,
    performance_delta: performance.delta,
    compared_jobs: recent.length,
  };
  return { ...current, comparison };
}

function trendOf(value: number, history: readonly number[]): { trend: Trend; delta: number } {
  if (history.length === 0) return { trend: 'stable', delta: 0 };
  const baseline = history.reduce((sum, item) => sum + item, 0) / history.length;
  const delta = roundPercent(value - baseline);
  if (delta >= TREND_THRESHOLD) return { trend: 'up', delta };
  if (delta <= -TREND_THRESHOLD) return { trend: 'down', delta };
  return { trend: 'stable', delta };
}
