import fc from 'fast-check';
import { get_encoding } from 'tiktoken';
import { describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../config/options.js';
import { countBpeTokens } from './bpe-merge.js';
import { toByteString } from './byte-string.js';
import { getRankTable } from './rank-table.js';
import { loadRankTable } from './rank-table.js';

// The vocabularies load asynchronously, once per test file.
await Promise.all([loadRankTable('o200k_base'), loadRankTable('cl100k_base')]);

describe.each(ENCODINGS)('countBpeTokens %s', (encoding) => {
  const ranks = getRankTable(encoding);

  it('gives the same count with the heap merge as with the scanning merge', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({
        unit: fc.constantFrom('a', 'b', 'ab', 'th', 'e', ' ', '=', '-', 'é'),
        maxLength: 60,
      }),
    );
    fc.assert(
      fc.property(piece, (text) => {
        const bytes = toByteString(text);
        expect(countBpeTokens(bytes, ranks, 0)).toBe(countBpeTokens(bytes, ranks, Infinity));
      }),
      { numRuns: 200 },
    );
  });

  it('counts long single pieces like tiktoken (heap merge)', () => {
    const tiktoken = get_encoding(encoding);
    try {
      const pieces = [
        'abcdefghij'.repeat(100),
        'x'.repeat(1000),
        '=-'.repeat(2000),
        'qwertyuiopasdfghjklzxcvbnm'.repeat(40),
        'é'.repeat(300),
        '中文'.repeat(100),
      ];
      for (const piece of pieces) {
        const bytes = toByteString(piece);
        expect(bytes.length).toBeGreaterThan(96);
        expect(countBpeTokens(bytes, ranks), piece.slice(0, 20)).toBe(
          tiktoken.encode_ordinary(piece).length,
        );
      }
    } finally {
      tiktoken.free();
    }
  });

  it('encodes lone surrogates as U+FFFD, as TextEncoder does', () => {
    const utf8 = new TextEncoder();
    for (const text of ['\ud800', 'a\udfffb', '\ud83d\ude00', '\ude00\ud83d', 'é中😀']) {
      expect(toByteString(text)).toBe(String.fromCharCode(...utf8.encode(text)));
    }
  });
});
