import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { get_encoding } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { AsciiCounter } from './ascii-counter.js';
import { BpeTokenCounter } from './bpe-token-counter.js';
import { getRankTable, loadRankTable } from './rank-table.js';

// countUtf8 counts o200k_base's ASCII pre-tokens in WebAssembly (assembly/ascii-counter.ts); the
// JavaScript counter is the reference it must equal, file by file, and tiktoken the reference of
// both.
await Promise.all([loadRankTable('o200k_base'), loadRankTable('cl100k_base')]);

const require = createRequire(import.meta.url);
const nodeModules = path.resolve(path.dirname(require.resolve('typescript/package.json')), '..');

/** Every file under a package folder, in a stable order. */
function packageFiles(name: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else files.push(file);
    }
  };
  walk(path.join(nodeModules, name));
  return files;
}

const encoder = new TextEncoder();

describe('the WebAssembly ASCII counter', () => {
  const tiktoken = get_encoding('o200k_base');
  afterAll(() => tiktoken.free());
  const expected = (text: string) => tiktoken.encode_ordinary(text).length;
  const inJavaScript = new BpeTokenCounter('o200k_base', { webAssembly: false });

  it('runs here for o200k_base', () => {
    expect(AsciiCounter.create(getRankTable('o200k_base'))).not.toBeNull();
  });

  it('counts every file of several real packages as the JavaScript counter does', () => {
    const counter = new BpeTokenCounter('o200k_base');
    let files = 0;
    let tokens = 0;
    for (const name of ['fast-check', 'zod', 'handlebars', 'yauzl', 'typescript/lib/ja']) {
      for (const file of packageFiles(name)) {
        const bytes = readFileSync(file);
        const count = counter.countUtf8(bytes);
        expect(count, file).toBe(inJavaScript.countUtf8(bytes));
        files++;
        tokens += count;
      }
    }
    // The corpus is large enough to fill and empty the module's caches several times over.
    expect(files).toBeGreaterThan(500);
    expect(tokens).toBeGreaterThan(3_000_000);
  });

  it('gives the line sums, count and marks of every file of several packages as JavaScript does', () => {
    const counter = new BpeTokenCounter('o200k_base');
    const decoder = new TextDecoder();
    let lines = 0;
    for (const name of ['fast-check', 'zod', 'typescript/lib/ja', 'typescript/lib/zh-cn']) {
      for (const file of packageFiles(name)) {
        const text = decoder.decode(readFileSync(file));
        const prefix = counter.countLines(text);
        expect([...prefix], file).toEqual([...inJavaScript.countLines(text)]);
        expect(counter.count(text), file).toBe(prefix.at(-1) ?? 0);
        expect(counter.pieceMarks(text, 256), file).toEqual(inJavaScript.pieceMarks(text, 256));
        lines += prefix.length;
      }
    }
    expect(lines).toBeGreaterThan(100_000);
  });

  it('gives the line sums, count and marks of strings of every kind as JavaScript does', () => {
    const counter = new BpeTokenCounter('o200k_base');
    const unit = fc.constantFrom(
      ...['a', 'Word', "'s", "don't", '42', '12345', ' ', '  ', '\t', '\n', '\r\n', '\n\n'],
      ...['é', 'ſ', '中文', '😀', '\u00a0', '\u2028', '\ufeff', '\ud800', '\udfff', '{', '});'],
      ...['x'.repeat(120), ' '.repeat(40), '-'.repeat(300), 'ab'.repeat(70) + '\n'],
    );
    const text = fc.array(unit, { maxLength: 60 }).map((units) => units.join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'binary', maxLength: 80 })), (input) => {
        const prefix = counter.countLines(input);
        expect([...prefix]).toEqual([...inJavaScript.countLines(input)]);
        expect(prefix.at(-1) ?? 0).toBe(expected(input));
        expect(counter.count(input)).toBe(expected(input));
        for (const every of [1, 7, 64]) {
          expect(counter.pieceMarks(input, every)).toEqual(inJavaScript.pieceMarks(input, every));
        }
      }),
      { numRuns: 1500 },
    );
    for (const input of ['', '\n', 'a', 'a\n', '\ufeffconst x = 1;\n', 'x\ud800\n\ny']) {
      expect([...counter.countLines(input)], JSON.stringify(input)).toEqual([
        ...inJavaScript.countLines(input),
      ]);
    }
  });

  it('counts long pieces (merged here up to 96 bytes, by JavaScript above) like tiktoken', () => {
    const counter = new BpeTokenCounter('o200k_base');
    const long = fc
      .tuple(
        fc.constantFrom('', ' ', 'x', '.', '\n', 'A'),
        fc.string({
          unit: fc.constantFrom('a', 'e', 'q', 'z', 'k'),
          minLength: 60,
          maxLength: 320,
        }),
        fc.constantFrom('', "'s", '!', ' end', '\n'),
      )
      .map((parts) => parts.join(''));
    const runs = fc
      .tuple(
        fc.constantFrom(' ', '\t', '-', '=', '*/', '\n', '0'),
        fc.integer({ min: 1, max: 300 }),
      )
      .map(([unit, times]) => unit.repeat(times) + 'x');
    fc.assert(
      fc.property(fc.oneof(long, runs), (text) => {
        return counter.countUtf8(encoder.encode(text)) === expected(text);
      }),
      { numRuns: 500 },
    );
  });

  it('stays exact after its table of known pieces fills and is emptied', () => {
    const counter = new BpeTokenCounter('o200k_base');
    // About 200,000 distinct made-up words of several tokens each: more than the table keeps.
    const words: string[] = [];
    let seed = 7;
    for (let i = 0; i < 200_000; i++) {
      let word = ' ';
      for (let j = 0; j < 9; j++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        word += String.fromCharCode(97 + ((seed >>> 16) % 26));
      }
      words.push(word);
    }
    const text = words.join('') + words.slice(0, 50_000).join('');
    const bytes = encoder.encode(text);
    expect(counter.countUtf8(bytes)).toBe(inJavaScript.countUtf8(bytes));
    expect(counter.countUtf8(bytes)).toBe(expected(text));
  });

  it('declines a text larger than the memory it may grow to (JavaScript counts that one)', () => {
    // The tables take about 22 MB: 32 MB leave room for a few megabytes of text.
    const ascii = AsciiCounter.create(getRankTable('o200k_base'), 32 << 20)!;
    expect(ascii.load(new Uint8Array(4 << 20))).toHaveLength(4 << 20);
    expect(ascii.load(new Uint8Array(16 << 20))).toBeNull();
    expect(ascii.loadText('a'.repeat(2 << 20), 0)).not.toBeNull();
    expect(ascii.loadText('a'.repeat(4 << 20), 0)).toBeNull();
    expect(ascii.load(encoder.encode('const x = 1;\n'))).toHaveLength(13);
  });

  it('counts files larger than its memory was made for, and after them small ones', () => {
    const counter = new BpeTokenCounter('o200k_base');
    const big = 'export const answer = computeTheAnswer(42, "forty-two");\n'.repeat(60_000);
    expect(counter.countUtf8(encoder.encode(big))).toBe(expected(big));
    expect(counter.countUtf8(encoder.encode('const x = 1;\n'))).toBe(expected('const x = 1;\n'));
  });
});
