import { describe, expect, it } from 'vitest';
import { emptyTally, savedOnCommentsPercent, savedPercent } from './comments-measure.js';

describe('comment savings', () => {
  it('does not count deleted code as a saving', () => {
    const tally = { ...emptyTally(), files: 1, before: 1000, after: 600, codeTokensLost: 150 };
    expect(savedPercent(tally)).toBe('40.0%');
    expect(savedOnCommentsPercent(tally)).toBe('25.0%');
    expect(savedOnCommentsPercent(emptyTally())).toBe('-');
  });
});
