import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { get_encoding } from 'tiktoken';
import type { Tiktoken } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../config/options.js';
import { BpeTokenCounter } from './bpe-token-counter.js';
import { getTokenCounter } from './index.js';
import { createSplitPattern } from './split-patterns.js';
import { HARD_CASES } from './test-support/split-test-cases.js';
import { countLinesOf } from './token-counter.js';
import { loadRankTable } from './rank-table.js';

// The vocabularies load asynchronously, once per test file.
await Promise.all([loadRankTable('o200k_base'), loadRankTable('cl100k_base')]);

const require = createRequire(import.meta.url);
const nodeModules = path.resolve(path.dirname(require.resolve('typescript/package.json')), '..');
const readModuleFile = (file: string) => readFileSync(path.join(nodeModules, file), 'utf8');

/** Real files of several kinds; large ones are cut to keep the suite fast. */
const REAL_FILES: Record<string, string> = {
  'typescript lib.es5.d.ts': readModuleFile('typescript/lib/lib.es5.d.ts').slice(0, 100_000),
  'minified JS': readModuleFile('handlebars/dist/handlebars.min.js').slice(0, 40_000),
  'JSON (German)': readModuleFile('typescript/lib/de/diagnosticMessages.generated.json').slice(
    0,
    60_000,
  ),
  'JSON (Japanese)': readModuleFile('typescript/lib/ja/diagnosticMessages.generated.json').slice(
    0,
    60_000,
  ),
  python: readModuleFile('flatted/python/flatted.py'),
  markdown: readModuleFile('fast-check/README.md'),
};

/** Units that hit the split patterns' edges; random strings are joins of these. */
const TRICKY_UNITS = [
  ...['a', 'z', 'A', 'Z', 's', 'T', 'll', 'Re', 've', 'word', 'Word', 'WORD'],
  ...["'", "'s", "'T", "'re", "'VE", "'ll", "'D", "'m", 'ſ'],
  ...['0', '7', '12', '345', '\u0660', '²', 'Ⅻ'],
  ...[
    ' ',
    '  ',
    '\t',
    '\n',
    '\r\n',
    '\r',
    '\u000b',
    '\f',
    '\u0085',
    '\u00a0',
    '\u3000',
    '\u2028',
    '\ufeff',
  ],
  ...['é', 'e\u0301', '\u0300', 'ǅ', 'ʰ', 'İ', 'ß', '中', '日本', 'ا', '😀', '👨‍👩‍👧', '\u200d'],
  ...[
    '\ud800',
    '\udfff',
    '<|endoftext|>',
    '/',
    '//',
    '(',
    ')',
    '{',
    '}',
    ';',
    '=>',
    '...',
    '-',
    '_',
    '$',
    '#',
    '"',
  ],
];
const trickyString = fc
  .array(fc.constantFrom(...TRICKY_UNITS), { maxLength: 40 })
  .map((units) => units.join(''));
const anyString = fc.oneof(
  trickyString,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'binary-ascii', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

describe.each(ENCODINGS)('BpeTokenCounter %s', (encoding) => {
  let tiktoken: Tiktoken;
  const counter = new BpeTokenCounter(encoding);
  const expected = (text: string) => tiktoken.encode_ordinary(text).length;

  beforeAll(() => {
    tiktoken = get_encoding(encoding);
  });
  afterAll(() => tiktoken.free());

  it.each(HARD_CASES.map((text) => [JSON.stringify(text).slice(0, 60), text]))(
    'counts %s like tiktoken',
    (_, text) => {
      expect(counter.count(text)).toBe(expected(text));
    },
  );

  it.each(Object.entries(REAL_FILES))('counts a real file (%s) like tiktoken', (_, text) => {
    expect(counter.count(text)).toBe(expected(text));
  });

  it('counts random strings biased to tricky characters like tiktoken', () => {
    fc.assert(
      fc.property(anyString, (text) => counter.count(text) === expected(text)),
      { numRuns: 400 },
    );
  });

  it('stays exact while its piece cache is repeatedly dropped', () => {
    const tiny = new BpeTokenCounter(encoding, { cacheLimit: 4 });
    const text = REAL_FILES['python']!;
    expect(tiny.count(text)).toBe(expected(text));
    expect(tiny.count(text)).toBe(expected(text));
  });

  describe('countUtf8', () => {
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    /** What the counter must give for bytes: the count of the text TextDecoder makes of them. */
    const viaText = (bytes: Uint8Array) => counter.count(decoder.decode(bytes));
    const BOM = [0xef, 0xbb, 0xbf];

    it.each(Object.entries(REAL_FILES))('counts a real file (%s) from its bytes', (_, text) => {
      expect(counter.countUtf8(encoder.encode(text))).toBe(expected(text));
    });

    it('counts random text from its UTF-8 bytes, with or without a byte order mark', () => {
      fc.assert(
        fc.property(anyString, fc.boolean(), (text, bom) => {
          const bytes = encoder.encode(text);
          const input = bom ? new Uint8Array([...BOM, ...bytes]) : bytes;
          return counter.countUtf8(input) === viaText(input);
        }),
        { numRuns: 400 },
      );
    });

    it('counts invalid UTF-8 as TextDecoder decodes it (U+FFFD), a later U+FEFF kept', () => {
      // Mostly ASCII code with stray bytes of every kind: lone continuations, cut sequences,
      // overlong forms, surrogates, a BOM in the middle.
      const stray = fc.constantFrom(
        [0x80],
        [0xbf],
        [0xc3],
        [0xe2, 0x82],
        [0xf0, 0x9f, 0x98],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xff],
        [...BOM],
        [0xc3, 0xa9],
      );
      const ascii = fc.constantFrom(..."ab Ab's x1 {\n  return y;\n}\n\t// z, ".split(','));
      const bytes = fc
        .array(
          fc.oneof(
            ascii.map((t) => [...encoder.encode(t)]),
            stray,
          ),
          { maxLength: 40 },
        )
        .map((parts) => new Uint8Array(parts.flat()));
      fc.assert(
        fc.property(bytes, (input) => counter.countUtf8(input) === viaText(input)),
        { numRuns: 600 },
      );
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 80 }), (input) => {
          return counter.countUtf8(input) === viaText(input);
        }),
        { numRuns: 400 },
      );
    });

    it.each(["café it's", "é don't", "naïveI'm fine", 'Ünïcödé wörds in ASCII words', '中文 text'])(
      'counts %j from its bytes: a word after non-ASCII text keeps its contraction',
      (text) => {
        expect(counter.countUtf8(encoder.encode(text))).toBe(expected(text));
      },
    );

    it('stays exact while its piece cache is repeatedly dropped', () => {
      const tiny = new BpeTokenCounter(encoding, { cacheLimit: 4 });
      const bytes = encoder.encode(REAL_FILES['JSON (German)']!);
      expect(tiny.countUtf8(bytes)).toBe(viaText(bytes));
      expect(tiny.countUtf8(bytes)).toBe(viaText(bytes));
    });
  });

  it('gives line prefix sums that end at count, never decrease and have one entry per line', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        const prefix = counter.countLines(text);
        expect(prefix.length).toBe(countLinesOf(text) + 1);
        expect(prefix[0]).toBe(0);
        expect(prefix[prefix.length - 1]).toBe(counter.count(text));
        for (let k = 1; k < prefix.length; k++)
          expect(prefix[k]).toBeGreaterThanOrEqual(prefix[k - 1]!);
      }),
      { numRuns: 200 },
    );
  });

  it('attributes each pre-token to the line it starts on', () => {
    const pattern = new RegExp(createSplitPattern(encoding).source, 'gu');
    fc.assert(
      fc.property(trickyString, (text) => {
        // Reference: tiktoken's count of each pre-token, summed by the line its first char is on.
        const lines = countLinesOf(text);
        const reference = new Uint32Array(lines + 1);
        for (const match of text.matchAll(pattern)) {
          const line = text.slice(0, match.index).split('\n').length - 1;
          for (let k = line + 1; k <= lines; k++) reference[k]! += expected(match[0]);
        }
        expect([...counter.countLines(text)]).toEqual([...reference]);
      }),
      { numRuns: 200 },
    );
  });

  it('gives [0] for empty text and a single sum for one line', () => {
    expect([...counter.countLines('')]).toEqual([0]);
    expect([...counter.countLines('const x = 1;\n')]).toEqual([0, expected('const x = 1;\n')]);
  });
});

describe('getTokenCounter', () => {
  it('returns one cached counter per encoding', () => {
    // Identity checks as booleans: a failing toBe would deep-compare two whole vocabularies.
    const o200k = getTokenCounter('o200k_base');
    const cl100k = getTokenCounter('cl100k_base');
    expect(getTokenCounter('o200k_base') === o200k).toBe(true);
    expect(getTokenCounter('cl100k_base') === cl100k).toBe(true);
    expect(cl100k === o200k).toBe(false);
    expect([o200k.encoding, cl100k.encoding]).toEqual(['o200k_base', 'cl100k_base']);
  });

  it('tells the encodings apart', () => {
    // o200k keeps the contraction with its word; cl100k splits it off.
    const text = "don't stop HTMLElement 1234567 ثلاثة";
    expect(getTokenCounter('o200k_base').count(text)).not.toBe(
      getTokenCounter('cl100k_base').count(text),
    );
  });
});
