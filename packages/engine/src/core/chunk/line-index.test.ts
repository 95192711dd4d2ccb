import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLineStarts, lineStartsOf } from './line-index.js';

/** The definition: a line starts at 0 and after every "\n" but a final one; the text's end closes. */
function reference(text: string): number[] {
  if (text === '') return [0];
  const starts = [0];
  for (let at = 0; at < text.length - 1; at++) if (text[at] === '\n') starts.push(at + 1);
  return [...starts, text.length];
}

describe('computeLineStarts', () => {
  it('starts a line after every newline but a final one', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', ' ') }), (text) => {
        expect([...computeLineStarts(text)]).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
    expect([...computeLineStarts('a\n\nb\n')]).toEqual([0, 2, 3, 5]);
  });

  it('gives the same starts whatever line count it is told, right or wrong', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '\n', '\r', ' ') }),
        fc.integer({ min: -2, max: 3 }),
        (text, error) => {
          const lines = reference(text).length - 1;
          expect([...computeLineStarts(text, lines)]).toEqual(reference(text));
          expect([...computeLineStarts(text, lines + error)]).toEqual(reference(text));
          expect([...computeLineStarts(text, Number.NaN)]).toEqual(reference(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('lineStartsOf', () => {
  it('computes a file’s line starts once and keeps them apart from another file’s', () => {
    const file = { content: 'one\ntwo\n' };
    const other = { content: 'one\ntwo\n' };
    expect(lineStartsOf(file)).toBe(lineStartsOf(file));
    expect(lineStartsOf(other)).not.toBe(lineStartsOf(file));
    expect([...lineStartsOf(other)]).toEqual([0, 4, 8]);
  });
});
