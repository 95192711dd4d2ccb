import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenizerName } from '@repobundle/contract/models';
import '../../io/tekken-vocabulary.js';
import { loadTokenCounter } from './index.js';
import type { TokenCounter } from './token-counter.js';
import { loadReference, type ReferenceCount } from '../../../test/reference-tokenizers.js';
import { HARD_CASES } from './test-support/split-test-cases.js';

/** Real files of different kinds: code, a decision record, JSON, YAML, CSS-like markup. */
const REAL_FILES = [
  '../../../../../README.md',
  '../../../../../docs/adr/0001-exact-tokenizer.md',
  '../../../../../package-lock.json',
  '../../../package.json',
  './bpe-merge.ts',
  './ascii-scan.ts',
  '../render/markdown-renderer.ts',
  '../select/index.ts',
  '../../../test/fixtures/yaml-options/expected/overview.yaml',
  '../../../test/fixtures/json-options/expected/overview.json',
].map((path) => new URL(path, import.meta.url));

/** Texts that stress the merges and the pre-tokenizers beyond the shared hard cases. */
const EXTRA_CASES = [
  'x'.repeat(500),
  ' '.repeat(40) + 'indented',
  '\t'.repeat(40) + 'tabbed',
  '\n'.repeat(40) + 'after newlines',
  'ab'.repeat(300),
  '0123456789'.repeat(30),
  'a'.repeat(200) + 'é'.repeat(50),
  'SELECT * FROM users WHERE id = 42;\n'.repeat(5),
  'fn main() { println!("{}", 1_000_000); }',
  'x > </y> <br> <table>\n</td>',
  '<p> </p> a> </b',
  '中文123日本語ひらがなカタカナ456한국어',
  '\u0000\u0001abc\u0002 \u0003\n\u0004',
  '$var @decorator #hash .prop ::scope ->arrow',
  'Ünïcödé wörds: ÀÉÎÕÜ àéîõü ÆØÅ æøå',
];

const ASCII_UNITS = [
  ...'aAzZsStTdDmMlLrReEvV\'0123456789 \t\n\r\u000b\f!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\u007f',
];
const mixedString = fc
  .array(
    fc.oneof(
      { weight: 20, arbitrary: fc.constantFrom(...ASCII_UNITS, 'the', 'ing', '  ', 'return') },
      { weight: 2, arbitrary: fc.constantFrom('é', 'ſ', '中', 'é', 'Ж', '١', '😀', 'ß') },
    ),
    { maxLength: 80 },
  )
  .map((units) => units.join(''));

const TOKENIZERS: TokenizerName[] = ['llama3', 'qwen3', 'deepseek_v3', 'tekken', 'gemma3'];

describe.each(TOKENIZERS)('%s counts equal its reference tokenizer', (name) => {
  let counter: TokenCounter;
  let reference: ReferenceCount;

  beforeAll(async () => {
    [counter, reference] = await Promise.all([loadTokenCounter(name), loadReference(name)]);
  }, 120_000);

  it('on hard cases', () => {
    for (const text of [...HARD_CASES, ...EXTRA_CASES]) {
      expect(counter.count(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  it('on real files, whole and line by line', async () => {
    for (const url of REAL_FILES) {
      const text = await readFile(url, 'utf8');
      const sample = text.slice(0, 60_000);
      expect(counter.count(sample), url.pathname).toBe(reference(sample));
      const lines = counter.countLines(sample);
      expect(lines[lines.length - 1]).toBe(counter.count(sample));
    }
  });

  it('on random strings', () => {
    fc.assert(
      fc.property(mixedString, (text) => counter.count(text) === reference(text)),
      { numRuns: 300 },
    );
  });

  it('counts from UTF-8 bytes as from the text (every tokenizer but Gemma 3 can)', () => {
    const countUtf8 = counter.countUtf8?.bind(counter);
    expect(countUtf8 !== undefined).toBe(name !== 'gemma3');
    if (countUtf8 === undefined) return;
    const encoder = new TextEncoder();
    // The text the bytes stand for, as TextDecoder reads them: a leading U+FEFF is a BOM.
    const decoder = new TextDecoder();
    const agrees = (text: string) => {
      const bytes = encoder.encode(text);
      return countUtf8(bytes) === reference(decoder.decode(bytes));
    };
    for (const text of [...HARD_CASES, ...EXTRA_CASES]) {
      expect(agrees(text), JSON.stringify(text)).toBe(true);
    }
    fc.assert(fc.property(mixedString, agrees), { numRuns: 300 });
  });

  it('cuts a prefix that fits', () => {
    const text = 'const answer = computeTheAnswer(42, "forty-two");\n'.repeat(20);
    const { length, tokens } = counter.fitPrefix(text, 50);
    expect(tokens).toBeLessThanOrEqual(50);
    expect(reference(text.slice(0, length))).toBe(tokens);
  });
});
