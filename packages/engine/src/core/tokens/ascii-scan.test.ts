import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanCl100k, scanO200k, scannedHash, scanQwen, scanTekken } from './ascii-scan.js';
import { scanDeepseek } from './deepseek-split.js';
import { hashRange } from './piece-table.js';
import { createPieceEnd } from './split-patterns.js';
import { HARD_CASES } from './test-support/split-test-cases.js';
import type { BpeTokenizerName } from './vocabulary-sources.js';

/** Each scanner with its pre-tokenizer; the DeepSeek scanner does not hash as it scans. */
const SCANNERS: [BpeTokenizerName, (text: string, at: number) => number, boolean][] = [
  ['o200k_base', scanO200k, true],
  ['cl100k_base', scanCl100k, true],
  ['qwen3', scanQwen, true],
  ['tekken', scanTekken, true],
  ['deepseek_v3', scanDeepseek, false],
];

/** ASCII with every class well represented, plus a sprinkle of non-ASCII to force fallbacks. */
const ASCII_UNITS = [
  ...'aAzZsStTdDmMlLrReEvV\'0123456789 \t\n\r\u000b\f!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\u0000\u007f',
];
const mixedString = fc
  .array(
    fc.oneof(
      { weight: 20, arbitrary: fc.constantFrom(...ASCII_UNITS) },
      { weight: 1, arbitrary: fc.constantFrom('é', '\u00a0', 'ſ', '中', '\u0085') },
    ),
    {
      maxLength: 60,
    },
  )
  .map((units) => units.join(''));

describe.each(SCANNERS)('ASCII scanner for %s', (encoding, scan, hashes) => {
  const pieceEnd = createPieceEnd(encoding);

  /** Walks the text with the real pattern; where the scanner answers, end and hash must agree. */
  function checkAgainstPattern(text: string): number {
    let answered = 0;
    let at = 0;
    while (at < text.length) {
      const end = pieceEnd(text, at);
      expect(end, `no piece at ${at} in ${JSON.stringify(text)}`).toBeGreaterThan(at);
      const fast = scan(text, at);
      if (fast >= 0) {
        expect(fast, `piece at ${at} of ${JSON.stringify(text)}`).toBe(end);
        if (hashes) expect(scannedHash()).toBe(hashRange(text, at, end));
        answered++;
      }
      at = end;
    }
    return answered;
  }

  it.each(HARD_CASES.map((text) => [JSON.stringify(text).slice(0, 60), text]))(
    'splits %s like the pattern',
    (_, text) => {
      checkAgainstPattern(text);
    },
  );

  it('splits random ASCII-heavy strings like the pattern', () => {
    fc.assert(
      fc.property(mixedString, (text) => void checkAgainstPattern(text)),
      { numRuns: 2000 },
    );
  });

  it('answers for plain ASCII code and defers on non-ASCII', () => {
    expect(checkAgainstPattern('function f(a, b) {\n  return a + b; // sum\n}\n')).toBeGreaterThan(
      10,
    );
    expect(scan('é', 0)).toBe(-1);
    expect(scan(' é', 0)).toBe(-1);
    expect(scan('ab\u00a0', 0)).toBe(-1);
  });
});
