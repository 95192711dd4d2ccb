// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findMatches, matchCounter, matchesByLine, stepMatch } from './search.js';

const lines = ['const Alpha = 1;', 'alpha(alpha);', '', 'no match here'];

describe('in-file search', () => {
  it('finds every case-insensitive occurrence with its line and columns', () => {
    const { matches, capped } = findMatches(lines, 'ALPHA');
    expect(capped).toBe(false);
    expect(matches).toEqual([
      { line: 0, start: 6, end: 11 },
      { line: 1, start: 0, end: 5 },
      { line: 1, start: 6, end: 11 },
    ]);
    expect(matchesByLine(matches)).toEqual(
      new Map([
        [0, [0]],
        [1, [1, 2]],
      ]),
    );
  });

  it('finds nothing for an empty query and caps a huge result', () => {
    expect(findMatches(lines, '').matches).toEqual([]);
    const many = findMatches(['aaaa', 'aaaa'], 'a', 5);
    expect(many.matches).toHaveLength(5);
    expect(many.capped).toBe(true);
  });

  it('counts as "N of M", says when there are none, and marks a capped count', () => {
    const result = findMatches(lines, 'alpha');
    expect(matchCounter('alpha', result, 0)).toBe('1 of 3');
    expect(matchCounter('alpha', result, 2)).toBe('3 of 3');
    expect(matchCounter('zzz', findMatches(lines, 'zzz'), 0)).toBe('No results');
    expect(matchCounter('', findMatches(lines, ''), 0)).toBe('');
    expect(matchCounter('a', findMatches(['aaaa'], 'a', 2), 0)).toBe('1 of 2+');
  });

  it('steps to the next and previous result with wrap-around', () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(0);
  });
});
