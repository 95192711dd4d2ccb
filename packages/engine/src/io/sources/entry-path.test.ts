import { describe, expect, it } from 'vitest';
import { comparePaths, normalizeEntryPath } from './entry-path.js';

describe('normalizeEntryPath', () => {
  it.each([
    ['a/b.txt', { kind: 'file', path: 'a/b.txt' }],
    ['./a//b.txt', { kind: 'file', path: 'a/b.txt' }],
    ['a\\b\\c.txt', { kind: 'file', path: 'a/b/c.txt' }],
    ['a/b/', { kind: 'directory', path: 'a/b' }],
    ['a/./b', { kind: 'file', path: 'a/b' }],
    ['..', { kind: 'traversal' }],
    ['a/..', { kind: 'traversal' }],
    ['..\\a', { kind: 'traversal' }],
    ['/a', { kind: 'absolute' }],
    ['\\\\srv\\share', { kind: 'absolute' }],
    ['Z:', { kind: 'absolute' }],
    ['./', { kind: 'empty' }],
    ['', { kind: 'empty' }],
    ['..a/b..', { kind: 'file', path: '..a/b..' }],
  ])('%j -> %j', (name, expected) => {
    expect(normalizeEntryPath(name)).toEqual(expected);
  });
});

describe('comparePaths', () => {
  it('orders by code unit, not locale', () => {
    expect(['b', 'B', 'a', 'a/b', 'a.b'].sort(comparePaths)).toEqual(['B', 'a', 'a.b', 'a/b', 'b']);
  });
});
