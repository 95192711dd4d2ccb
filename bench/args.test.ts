import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './args.js';

describe('parseBenchArgs', () => {
  it('defaults to everything, 3 runs and a warm-up', () => {
    const args = parseBenchArgs([]);
    expect(args.steps).toEqual(['corpora', 'pack', 'exact', 'tokenizer']);
    expect(args.corpora).toEqual(['small', 'medium', 'large']);
    expect(args.runs).toBe(3);
    expect(args.warmup).toBe(true);
  });

  it('selects parts with comma lists, in canonical order', () => {
    const args = parseBenchArgs(['--only', 'exact,pack', '--corpus', 'large,small', '--no-warmup']);
    expect(args.steps).toEqual(['pack', 'exact']);
    expect(args.corpora).toEqual(['small', 'large']);
    expect(args.warmup).toBe(false);
  });

  it('refuses unknown names and bad run counts', () => {
    expect(() => parseBenchArgs(['--corpus', 'huge'])).toThrow(/--corpus takes/);
    expect(() => parseBenchArgs(['--runs', '0'])).toThrow(/--runs/);
  });
});
