import { describe, expect, it } from 'vitest';
import { pieceSummary } from './labels.js';

describe('pieceSummary', () => {
  const whole = { startLine: 1, endLine: 40, part: 1, partCount: 1 };

  it('gives the line range of a piece at full level', () => {
    expect(pieceSummary(whole)).toBe('lines 1-40');
    expect(pieceSummary({ ...whole, part: 2, partCount: 3 })).toBe('lines 1-40, part 2 of 3');
  });

  it('names the cut instead of the line range for a whole file below full level', () => {
    expect(pieceSummary({ ...whole, level: 'signatures' })).toBe('signatures only');
    expect(pieceSummary({ ...whole, level: 'no_comments' })).toBe('comments removed');
  });

  it('keeps the line range and part of a cut file split across chunks', () => {
    expect(pieceSummary({ ...whole, part: 1, partCount: 2, level: 'signatures' })).toBe(
      'signatures only, lines 1-40, part 1 of 2',
    );
  });
});
