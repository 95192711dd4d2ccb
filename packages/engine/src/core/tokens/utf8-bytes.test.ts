import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, nextWordEnd } from './utf8-bytes.js';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

describe('decodeUtf8', () => {
  it('gives what TextDecoder gives for any bytes, short or long', () => {
    const stray = fc.constantFrom(
      [0x80],
      [0xc2, 0x80],
      [0xdf, 0xbf],
      [0xe0, 0xa0, 0x80],
      [0xe0, 0x9f, 0x80],
      [0xed, 0x9f, 0xbf],
      [0xed, 0xa0, 0x80],
      [0xef, 0xbb, 0xbf],
      [0xf0, 0x90, 0x80, 0x80],
      [0xf0, 0x8f, 0xbf, 0xbf],
      [0xf4, 0x8f, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5, 0x80, 0x80, 0x80],
      [0xc0, 0xaf],
      [0xc1, 0xbf],
      [0xe2, 0x82],
      [0x61],
      [0x20],
    );
    const bytes = fc.array(stray, { maxLength: 90 }).map((parts) => new Uint8Array(parts.flat()));
    for (const input of [bytes, fc.uint8Array({ maxLength: 300 })]) {
      fc.assert(
        fc.property(input, (value) => decodeUtf8(value) === decoder.decode(value)),
        { numRuns: 2000 },
      );
    }
  });

  it('decodes every code point of valid text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const bytes = new TextEncoder().encode(text);
        return decodeUtf8(bytes) === text;
      }),
      { numRuns: 500 },
    );
  });
});

describe('nextWordEnd', () => {
  it('stops after an ASCII letter followed by ASCII that is not a letter or an apostrophe', () => {
    const at = (text: string, from = 0) => nextWordEnd(new TextEncoder().encode(text), from);
    expect(at('é word, more')).toBe(7);
    expect(at("é it's here")).toBe(7);
    // None: the end of the bytes.
    expect(at('é 123 x')).toBe(8);
    expect(at('ééé')).toBe(6);
  });
});
