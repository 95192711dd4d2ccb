import { describe, expect, it } from 'vitest';
import { validatePattern } from './validate-pattern.js';

describe('validatePattern', () => {
  it.each(['*.log', 'build/', '!keep.txt', '/root-only', 'a/**/b', '\\#notes', 'foo\\ ', '[a-z]*'])(
    'accepts %j',
    (pattern) => {
      expect(validatePattern(pattern)).toEqual({ valid: true });
    },
  );

  it.each([
    ['', 'must not be blank'],
    ['   ', 'must not be blank'],
    ['a\nb', 'single line'],
    ['#comment', 'comment'],
    ['!', 'followed by a pattern'],
    ['/', 'matches nothing'],
    ['[abc', 'never closed'],
    ['*.[[:foo:]]', '[:foo:] is not a character class'],
    ['dir\\', 'unescaped backslash'],
    ['x'.repeat(1025), 'at most 1024'],
  ])('rejects %j', (pattern, message) => {
    const result = validatePattern(pattern);
    expect(result.valid).toBe(false);
    expect(result.valid ? '' : result.error).toContain(message);
  });
});
