import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinsCleanly } from './clean-joins.js';
import { getTokenCounter } from './index.js';

const encodings = ['o200k_base', 'cl100k_base'] as const;

describe.each(encodings)('joinsCleanly (%s)', (encoding) => {
  const counter = getTokenCounter(encoding);
  const sum = (parts: string[]) => parts.reduce((total, part) => total + counter.count(part), 0);

  it('accepts the junctions a markdown chunk has', () => {
    const parts = ['## `a.ts` (lines 1-3)\n```typescript\n', 'const a = 1;\n', '```\n\n'];
    expect(joinsCleanly(parts, encoding)).toBe(true);
    expect(sum(parts)).toBe(counter.count(parts.join('')));
  });

  it.each([
    ['a newline run that continues', ['x\n', '\nfoo']],
    ['letters that merge', ['foo', 'bar']],
    ['trailing spaces before text', ['a  ', 'b']],
  ])('refuses %s', (_name, parts) => {
    expect(joinsCleanly(parts, encoding)).toBe(false);
  });

  it('knows that only o200k lets punctuation swallow a slash after a newline', () => {
    expect(joinsCleanly(['x;\n', '/* c */'], encoding)).toBe(encoding === 'cl100k_base');
  });

  it('never accepts a split whose counts do not add up', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '\n',
        '\r\n',
        ' ',
        '  ',
        '\t',
        '/',
        '//',
        '`',
        '```',
        '=',
        '==',
        "'s",
        'ab',
        'Ab',
        '12',
        '1234',
        ';',
        '{',
        'é',
        '😀',
        '\u00a0',
        '\u0085',
      ),
      fc.string({ maxLength: 6 }),
    );
    const part = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.array(part, { minLength: 2, maxLength: 4 }), (parts) => {
        if (joinsCleanly(parts, encoding)) {
          expect(sum(parts)).toBe(counter.count(parts.join('')));
        }
      }),
      { numRuns: 3000 },
    );
  });
});
