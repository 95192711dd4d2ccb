import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestRun, pieceSummary } from './labels.js';
import { fenceFor } from './markdown-renderer.js';

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

describe('longestRun', () => {
  /** The definition: the longest match of a regular expression. */
  const longestMatch = (text: string, pattern: RegExp) =>
    Math.max(0, ...[...text.matchAll(pattern)].map((match) => match[0].length));
  const text = fc.string({
    unit: fc.constantFrom('`', '=', '\n', '\r', '\u2028', '\u2029', 'a', ' '),
    maxLength: 60,
  });

  it('finds the longest run of a character anywhere', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(longestRun(value, '`')).toBe(longestMatch(value, /`+/g));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the longest run that starts a line, after any line terminator', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(longestRun(value, '=', true)).toBe(longestMatch(value, /^=+/gm));
      }),
      { numRuns: 2000 },
    );
    expect(longestRun('a==\r===\u2028=', '=', true)).toBe(3);
    expect(longestRun('a=====\n==', '=', true)).toBe(2);
  });
});

describe('fenceFor', () => {
  it('is a backtick run longer than any in the text, and at least three', () => {
    const text = fc.string({ unit: fc.constantFrom('`', 'a', '\n', ' '), maxLength: 40 });
    fc.assert(
      fc.property(text, (value) => {
        const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((match) => match[0].length));
        expect(fenceFor(value)).toBe('`'.repeat(Math.max(3, longest + 1)));
      }),
      { numRuns: 2000 },
    );
  });
});
