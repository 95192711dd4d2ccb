import { describe, expect, it } from 'vitest';
import {
  addCompressOutcome,
  emptyCompressTally,
  savedShare,
  validShare,
} from './compress-measure.js';

describe('compression tallies', () => {
  it('sums tokens, counts files that gained syntax errors and files kept whole', () => {
    const tally = emptyCompressTally();
    addCompressOutcome(tally, { before: 100, after: 20, errors: 0 }, 0);
    addCompressOutcome(tally, { before: 50, after: 50, errors: 2, keptWhole: true }, 2);
    addCompressOutcome(tally, { before: 50, after: 10, errors: 5 }, 1);
    expect(tally).toEqual({
      files: 3,
      before: 200,
      after: 80,
      invalid: 1,
      addedErrors: 4,
      keptWhole: 1,
    });
    expect(savedShare(tally)).toBe('60.0%');
    expect(validShare(tally)).toBe('66.7%');
  });

  it('prints a dash for an empty tally', () => {
    expect(savedShare(emptyCompressTally())).toBe('-');
    expect(validShare(emptyCompressTally())).toBe('-');
  });
});
