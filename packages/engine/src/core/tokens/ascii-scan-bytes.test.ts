import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanCl100k, scannedHash, scanO200k, scanTekken } from './ascii-scan.js';
import {
  scanCl100kBytes,
  scannedBytesHash,
  scanO200kBytes,
  scanTekkenBytes,
} from './ascii-scan-bytes.js';
import { HARD_CASES } from './test-support/split-test-cases.js';

type Scan<T> = (text: T, at: number) => number;

const PAIRS: [string, Scan<string>, Scan<Uint8Array>][] = [
  ['o200k_base', scanO200k, scanO200kBytes],
  ['cl100k_base', scanCl100k, scanCl100kBytes],
  ['tekken', scanTekken, scanTekkenBytes],
];

const UNITS = [
  ...'aAzZsStTdDmMlLrReEvV\'0123456789 \t\n\r\u000b\f!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\u0000\u007f',
];
const mixedString = fc
  .array(
    fc.oneof(
      { weight: 20, arbitrary: fc.constantFrom(...UNITS) },
      { weight: 1, arbitrary: fc.constantFrom('é', '\u00a0', 'ſ', '中', '\u0085', '😀') },
    ),
    { maxLength: 60 },
  )
  .map((units) => units.join(''));

const encoder = new TextEncoder();

describe.each(PAIRS)('byte scanner for %s', (_, scanText, scanBytes) => {
  /** At every char of `text`, the byte scanner at that char's byte offset agrees with the string's. */
  function checkEverywhere(text: string): void {
    const bytes = encoder.encode(text);
    // Byte offset of each UTF-16 offset (the second half of a surrogate pair is skipped).
    const byteAt = new Int32Array(text.length + 1).fill(-1);
    let offset = 0;
    for (let i = 0; i < text.length;) {
      byteAt[i] = offset;
      const code = text.codePointAt(i)!;
      const units = code > 0xffff ? 2 : 1;
      offset += encoder.encode(String.fromCodePoint(code)).length;
      i += units;
    }
    byteAt[text.length] = offset;
    for (let at = 0; at < text.length; at++) {
      if (byteAt[at] === -1) continue;
      const fromText = scanText(text, at);
      const textHash = scannedHash();
      const fromBytes = scanBytes(bytes, byteAt[at]!);
      const where = `at ${at} of ${JSON.stringify(text)}`;
      if (fromText < 0) {
        expect(fromBytes, where).toBe(-1);
        continue;
      }
      expect(fromBytes, where).toBe(byteAt[fromText]);
      expect(scannedBytesHash(), where).toBe(textHash);
    }
  }

  it.each(HARD_CASES.map((text) => [JSON.stringify(text).slice(0, 60), text]))(
    'scans %s as the string scanner does',
    (_, text) => {
      checkEverywhere(text);
    },
  );

  it('scans random ASCII-heavy text as the string scanner does, with the same hashes', () => {
    fc.assert(
      fc.property(mixedString, (text) => void checkEverywhere(text)),
      { numRuns: 1500 },
    );
  });
});
