import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartsEncoder } from './encode-parts.js';

const encodeParts = (parts: readonly string[]) => new PartsEncoder().encode(parts);

describe('PartsEncoder, one text', () => {
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

describe('PartsEncoder, texts one after another', () => {
  const text = fc.oneof(
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: fc.constantFrom('a', 'é', '日', '😀', '\ud800', '\udc00'), maxLength: 200 }),
    fc.string({ unit: fc.constantFrom('ascii ', 'x'), size: 'max', maxLength: 3000 }),
  );

  it('gives the bytes of each joined text, one text after another in one buffer', () => {
    fc.assert(
      fc.property(fc.array(fc.array(text, { maxLength: 6 }), { maxLength: 8 }), (texts) => {
        const encoder = new PartsEncoder(4096);
        for (const parts of texts) {
          expect(encoder.encode(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes a text into the buffer of the one before when it fits', () => {
    const encoder = new PartsEncoder();
    const first = encoder.encode(['a'.repeat(10_000), 'é'.repeat(100)]);
    const second = encoder.encode(['日本語', 'b'.repeat(5_000)]);
    expect(second.buffer).toBe(first.buffer);
    expect(second.toString('utf8')).toBe(`日本語${'b'.repeat(5_000)}`);
  });

  it('keeps no buffer larger than it was told to', () => {
    const encoder = new PartsEncoder(1_000);
    const first = encoder.encode(['x'.repeat(2_000)]);
    const second = encoder.encode(['y'.repeat(10)]);
    expect(second.buffer).not.toBe(first.buffer);
    expect(encoder.encode(['z']).buffer).toBe(second.buffer);
  });
});
