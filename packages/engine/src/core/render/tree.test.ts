import { describe, expect, it } from 'vitest';
import { renderTree } from './tree.js';

describe('renderTree', () => {
  it('lists folders first, sorted, two spaces per level', () => {
    const tree = renderTree([
      'src/index.ts',
      'README.md',
      'src/core/b.ts',
      'src/core/a.ts',
      'docs/guide.md',
      'package.json',
      'src/Api.ts',
      'src/api/x.ts',
    ]);
    expect(tree).toBe(
      [
        'docs/',
        '  guide.md',
        'src/',
        '  api/',
        '    x.ts',
        '  core/',
        '    a.ts',
        '    b.ts',
        '  Api.ts',
        '  index.ts',
        'package.json',
        'README.md',
      ].join('\n'),
    );
  });

  it('shows duplicates once and an empty list as an empty string', () => {
    expect(renderTree(['a/b', 'a/b', 'c'])).toBe('a/\n  b\nc');
    expect(renderTree([])).toBe('');
  });

  it('orders names that differ only in case deterministically', () => {
    expect(renderTree(['b', 'B', 'a'])).toBe('a\nB\nb');
  });
});

describe('renderTree with tags and suffixes', () => {
  it('puts a file tag before the name and a suffix after it, folders untouched', () => {
    const tags = new Map([
      ['src/a.ts', 'S'],
      ['README.md', 'P'],
    ]);
    const suffixes = new Map([['src/a.ts', '120 [1-2]']]);
    expect(renderTree(['src/a.ts', 'README.md'], tags, suffixes)).toBe(
      'src/\n  S a.ts 120 [1-2]\nP README.md',
    );
  });
});
