import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChunkingAnalytics } from '../../../api/types.js';
import { ChunkingAnalyticsView } from './chunking-analytics.js';

const chunk = (index: number, tokens: number) => ({
  index,
  file_name: `chunk-000${index}.md`,
  tokens,
  files: [{ path: `src/f${index}.ts`, start_line: 1, end_line: 900, part: 1, part_count: 1 }],
});

const fixedRun: ChunkingAnalytics = {
  total_chunks: 3,
  avg_tokens_per_chunk: 126_500,
  utilization: 98.8,
  performance_score: 40,
  boundary_score: 0,
  context_score: 0,
  strategy: 'fixed',
  llm_tokens_consumed: 379_500,
  token_limit: 128_000,
  file_count: 3,
  line_count: 2700,
  suggestions: [],
  chunks: [chunk(1, 126_979), chunk(2, 126_110), chunk(3, 126_411)],
};

describe('chunking analytics', () => {
  it('charts exact chunk tokens: chunks under the limit are not called over it', () => {
    render(<ChunkingAnalyticsView analytics={fixedRun} files={undefined} />);
    expect(screen.queryByText(/Over the limit/)).toBeNull();
    expect(screen.queryByText(/Estimated/)).toBeNull();
    expect(screen.getByRole('img', { name: /largest 126,979, token limit 128,000/ })).toBeTruthy();
  });

  it('explains that a fixed run is expected to score low on boundaries and context', () => {
    render(<ChunkingAnalyticsView analytics={fixedRun} files={undefined} />);
    const note = screen.getByTestId('scores-note').textContent ?? '';
    expect(note).toMatch(/compare strategies/);
    expect(note).toMatch(/Fixed Size cuts every window at the token limit/);
  });
});
