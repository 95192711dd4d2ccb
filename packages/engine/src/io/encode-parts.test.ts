import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeParts } from './encode-parts.js';

describe('encodeParts', () => {
  it('gives the bytes of the joined text, whatever the parts hold', () => {
    const parts = ['plain ascii\n', 'é and ü', '', '日本語', '😀 pair', 'a'.repeat(70_000), '\n'];
    expect(encodeParts(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
  });

  it('encodes a surrogate pair split across two parts as the joined text does', () => {
    const emoji = '😀';
    const parts = [`x${emoji[0]!}`, `${emoji[1]!}y`];
    expect(encodeParts(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
  });

  it('encodes a lone surrogate at the end as the joined text does', () => {
    const parts = ['end', '\ud800'];
    expect(encodeParts(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
  });

  it('gives the bytes of the joined text for any text in any parts', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc.string(),
      fc.string({ unit: fc.constantFrom('a', 'é', '日', '😀', '\ud800', '\udc00') }),
    );
    fc.assert(
      fc.property(fc.array(text, { maxLength: 8 }), (parts) => {
        expect(encodeParts(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('gives an empty buffer for no parts', () => {
    expect(encodeParts([]).length).toBe(0);
  });
});
