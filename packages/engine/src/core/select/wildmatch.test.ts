import { describe, expect, it } from 'vitest';
import { requiredLiteral } from './ignore-pattern.js';
import { findGlobError, toByteString, wildmatch } from './wildmatch.js';

// [pattern, text, with WM_PATHNAME, without]
const CASES: readonly (readonly [string, string, boolean, boolean])[] = [
  ['*.ts', 'index.ts', true, true],
  ['*.ts', 'src/index.ts', false, true],
  ['src/*', 'src/a/b', false, true],
  ['src/**', 'src/a/b', true, true],
  ['**/b', 'b', true, false],
  ['**/b', 'a/x/b', true, true],
  ['a/**/b', 'a/b', true, false],
  ['a/**/b', 'a/x/y/b', true, true],
  ['a**b', 'a/x/b', false, true],
  ['a?c', 'a/c', false, true],
  ['a?c', 'abc', true, true],
  ['[a-c]x', 'bx', true, true],
  ['[!a-c]x', 'bx', false, false],
  ['[^a-c]x', 'dx', true, true],
  ['[]]', ']', true, true],
  ['[a-]', '-', true, true],
  ['[[:upper:]]*', 'Readme', true, true],
  ['[[:upper:]]*', 'readme', false, false],
  ['[[:bogus:]]', 'b', false, false],
  ['x[', 'x[', false, false],
  ['\\*', '*', true, true],
  ['\\*', 'a', false, false],
  ['*', '', true, true],
  ['', '', true, true],
  ['', 'a', false, false],
  ['*a*b*c*d*e*f*g', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', false, false],
];

describe('wildmatch', () => {
  it.each(CASES)('%j against %j', (pattern, text, withPathname, without) => {
    expect(wildmatch(pattern, text, true)).toBe(withPathname);
    expect(wildmatch(pattern, text, false)).toBe(without);
  });

  it('matches UTF-8 bytes, as git does', () => {
    expect(wildmatch('caf?', toByteString('café'), true)).toBe(false);
    expect(wildmatch('caf??', toByteString('café'), true)).toBe(true);
    expect(toByteString('plain')).toBe('plain');
  });

  it.each([
    ['[abc', 'never closed'],
    ['a[[:nope:]]', '[:nope:] is not a character class'],
    ['trailing\\', 'unescaped backslash'],
  ])('finds why %j can never match', (glob, message) => {
    expect(findGlobError(glob)).toContain(message);
  });

  it.each(['[abc]', '\\[abc', 'a]', '[[:alpha:]]', '**/x'])('accepts %j', (glob) => {
    expect(findGlobError(glob)).toBeUndefined();
  });
});

describe('requiredLiteral', () => {
  it.each([
    ['**/generated/**', 'generated'],
    ['*.min.js', '.min.js'],
    ['src/[abc]defg*', 'defg'],
    ['foo\\*barbaz', 'barbaz'],
    ['*', ''],
  ])('%j needs %j', (glob, needle) => {
    expect(requiredLiteral(glob)).toBe(needle);
  });
});
