// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scoreTone, utilizationTone } from './analytics-colors.js';
import { chunkTokens, distributionOf, overLimitOf } from './chunk-tokens.js';

const files = [
  { name: 'overview.md', path: 'overview.md', size: 999 },
  { name: 'chunk-0010.md', path: 'chunks/chunk-0010.md', size: 100 },
  { name: 'chunk-0002.md', path: 'chunks/chunk-0002.md', size: 300 },
];

describe('tokens per chunk', () => {
  it("uses each chunk's exact tokens, files and line spans from the analytics' chunks", () => {
    const chunks = [
      {
        index: 1,
        file_name: 'chunk-0001.md',
        tokens: 126_979,
        files: [{ path: 'a.ts', start_line: 1, end_line: 40, part: 1, part_count: 2 }],
      },
      {
        index: 2,
        file_name: 'chunk-0002.md',
        tokens: 126_110,
        files: [
          { path: 'a.ts', start_line: 41, end_line: 90, part: 2, part_count: 2 },
          { path: 'b.ts', start_line: 1, end_line: 3, part: 1, part_count: 1 },
        ],
      },
    ];
    const data = chunkTokens({ llm_tokens_consumed: 1, chunks }, files)!;
    expect(data).toMatchObject({
      names: ['chunk-0001.md', 'chunk-0002.md'],
      values: [126_979, 126_110],
      estimated: false,
    });
    expect(data.spans).toEqual(['a.ts 1-40 (part 1 of 2)', 'a.ts 41-90 (part 2 of 2), b.ts 1-3']);
    // Exact counts under the limit are never "over the limit".
    expect(distributionOf(data.values, 128_000).overLimit).toBe(0);
  });

  it('never reports an estimate as over the limit', () => {
    const data = chunkTokens({ llm_tokens_consumed: 300_000 }, files)!;
    expect(data.estimated).toBe(true);
    expect(overLimitOf(data, 128_000)).toBe(0);
  });

  it('uses counted tokens when the analytics carry them', () => {
    expect(chunkTokens({ llm_tokens_consumed: 9, chunk_tokens: [5, 4] }, files)).toEqual({
      names: ['chunk-0002.md', 'chunk-0010.md'],
      values: [5, 4],
      estimated: false,
    });
  });

  it('otherwise shares the consumed tokens by chunk file size, in chunk order', () => {
    expect(chunkTokens({ llm_tokens_consumed: 1000 }, files)).toEqual({
      names: ['chunk-0002.md', 'chunk-0010.md'],
      values: [750, 250],
      estimated: true,
    });
    expect(chunkTokens({ llm_tokens_consumed: 1000 }, [files[0]!])).toBeNull();
  });

  it('summarises the distribution against the limit', () => {
    expect(distributionOf([10, 40, 20, 30], 25)).toEqual({
      min: 10,
      max: 40,
      median: 25,
      mean: 25,
      overLimit: 2,
    });
  });
});

describe('analytics colours', () => {
  it('greens utilization above 70 and oranges it below 40', () => {
    expect(utilizationTone(70.1)).toBe('good');
    expect(utilizationTone(70)).toBe('neutral');
    expect(utilizationTone(40)).toBe('neutral');
    expect(utilizationTone(39.9)).toBe('low');
  });

  it('greens a score above 80', () => {
    expect(scoreTone(80.1)).toBe('good');
    expect(scoreTone(80)).toBe('neutral');
  });
});
