import { describe, expect, it } from 'vitest';
import {
  SearchPatternError,
  compileSearchPattern,
  matchingLines,
  renderFileHits,
  splitLines,
} from './search-lines.js';

describe('compileSearchPattern', () => {
  it('refuses what does not compile, and shapes that backtrack exponentially', () => {
    expect(() => compileSearchPattern('a(b', false)).toThrow(SearchPatternError);
    expect(() => compileSearchPattern('(\\w+\\s?)*$', false)).toThrow(/could take too long/);
    expect(compileSearchPattern('Foo', true).test('a foo')).toBe(true);
  });
});

describe('renderFileHits', () => {
  const lines = splitLines(['a', 'hit 1', 'b', 'c', 'd', 'e', 'hit 2', 'f', 'hit 3'].join('\n'));
  const pattern = /hit/;

  it('merges blocks whose context touches and divides the others with --', () => {
    const hits = matchingLines(lines.join('\n'), pattern);
    expect(hits).toEqual([2, 7, 9]);
    expect(renderFileHits(lines, hits, 1, pattern)).toBe(
      ['1-a', '2:hit 1', '3-b', '--', '6-e', '7:hit 2', '8-f', '9:hit 3'].join('\n'),
    );
  });

  it('shortens a long line around its match', () => {
    const long = `${'x'.repeat(500)}needle${'y'.repeat(500)}`;
    const shown = renderFileHits([long], [1], 0, /needle/);
    expect(shown).toMatch(/^1:…x+needley+…$/);
    expect(shown.length).toBeLessThan(210);
  });
});
