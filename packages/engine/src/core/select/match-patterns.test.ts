import { describe, expect, it } from 'vitest';
import { matchPatterns } from './match-patterns.js';

describe('matchPatterns', () => {
  it('decides like a root .gitignore: last match wins, ! re-includes, folders hide their files', () => {
    const result = matchPatterns(
      ['*.log', '!keep.log', 'build/', '/root-only.txt'],
      [
        'a.log',
        'src/keep.log',
        'build/x.js',
        'src/root-only.txt',
        'root-only.txt',
        'src/a.ts',
        'build/',
      ],
    );
    expect(result.map((r) => [r.path, r.ignored, r.pattern])).toEqual([
      ['a.log', true, '*.log'],
      ['src/keep.log', false, '!keep.log'],
      ['build/x.js', true, 'build/'],
      ['src/root-only.txt', false, null],
      ['root-only.txt', true, '/root-only.txt'],
      ['src/a.ts', false, null],
      ['build/', true, 'build/'],
    ]);
  });
});
