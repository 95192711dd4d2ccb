// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scoreTone, utilizationTone } from './analytics-colors.js';
import { chunkTokens, distributionOf } from './chunk-tokens.js';

const files = [
  { name: 'overview.md', path: 'overview.md', size: 999 },
  { name: 'chunk-0010.md', path: 'chunks/chunk-0010.md', size: 100 },
  { name: 'chunk-0002.md', path: 'chunks/chunk-0002.md', size: 300 },
];

describe('tokens per chunk', () => {
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

describe('analytics colours (spec part 2 section 9)', () => {
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
