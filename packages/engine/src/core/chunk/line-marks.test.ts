import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChunkingStrategyName, OutputFormat } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import { countLinesWithMarks, LONG_LINE_CHARS } from '../line-marks.js';
import { getRenderer } from '../render/index.js';
import { loadTokenCounter } from '../tokens/index.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ProcessedFile } from '../types.js';
import { chunkFiles } from './chunk-files.js';
import { makeFile } from './test-support/make-file.js';

const counter = await loadTokenCounter('o200k_base');

/** A counter that tallies the characters fitPrefix tokenizes, `after` skipped. */
function tallyingCounter(): { counter: TokenCounter; fitted: () => number } {
  let fitted = 0;
  return {
    counter: {
      encoding: counter.encoding,
      count: (text) => counter.count(text),
      countLines: (text) => counter.countLines(text),
      pieceMarks: (text, every) => counter.pieceMarks?.(text, every),
      fitPrefix(text, maxTokens, after) {
        const result = counter.fitPrefix(text, maxTokens, after);
        fitted += result.length - (after?.length ?? 0);
        return result;
      },
    },
    fitted: () => fitted,
  };
}

/** Minified-looking code: words, numbers, punctuation and the odd non-ASCII string. */
const minified = fc
  .array(
    fc.constantFrom(
      'function',
      'return',
      'a',
      'b0',
      '=',
      '(',
      ')',
      '{',
      '}',
      ';',
      ',',
      '.',
      '&&',
      '"é"',
      '"日本"',
      ' ',
      '12345',
      "'s",
      '/',
      '\t',
      '//',
    ),
    { minLength: 2500, maxLength: 6000 },
  )
  .map((parts) => parts.join(''));

async function plan(
  files: readonly ProcessedFile[],
  format: OutputFormat,
  strategy: ChunkingStrategyName,
  limit: number,
  tokenCounter: TokenCounter,
) {
  const options = {
    ...resolveOptions({ chunkingStrategy: strategy }),
    tokenLimit: limit,
    chunkOverlap: strategy === 'fixed' ? Math.floor(limit / 10) : 0,
  };
  const { chunks } = await chunkFiles(files, options, getRenderer(format), tokenCounter, {
    sourceName: 'marks',
  });
  return chunks.map((chunk) => ({ text: chunk.text, tokens: chunk.tokens }));
}

describe('marks inside long lines', () => {
  it('are pre-token boundaries of the line alone, with its tokens before them', () => {
    const line = `${'x=function(a){return a+1};'.repeat(400)}\n`;
    const marks = countLinesWithMarks(`short\n${line}`, counter).lineMarks;
    expect(marks).toBeDefined();
    for (let i = 0; i < marks!.length; i += 2) {
      const offset = marks![i]! - 'short\n'.length;
      expect(counter.count(line.slice(0, offset))).toBe(marks![i + 1]);
      expect(counter.count(line.slice(0, offset)) + counter.count(line.slice(offset))).toBe(
        counter.count(line),
      );
    }
    expect(countLinesWithMarks('a\n'.repeat(LONG_LINE_CHARS), counter).lineMarks).toBeUndefined();
  });

  it('cut long lines where a plan without them cuts, tokenizing less of them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(minified, { minLength: 1, maxLength: 3 }),
        fc.constantFrom<OutputFormat>('md', 'txt'),
        fc.constantFrom<ChunkingStrategyName>('fixed', 'file_based'),
        fc.integer({ min: 300, max: 3000 }),
        async (lines, format, strategy, limit) => {
          const content = `const head = 1;\n${lines.join('\n')}\n// tail\n`;
          const plain = makeFile(counter, 'dist/app.min.js', content, 'javascript');
          const { lineMarks } = countLinesWithMarks(content, counter);
          const marked = lineMarks ? { ...plain, lineMarks } : plain;
          const without = tallyingCounter();
          const withMarks = tallyingCounter();
          const expected = await plan([plain], format, strategy, limit, without.counter);
          expect(await plan([marked], format, strategy, limit, withMarks.counter)).toEqual(
            expected,
          );
          if (lineMarks && without.fitted() > 0) {
            expect(withMarks.fitted()).toBeLessThan(without.fitted());
          }
        },
      ),
      // Each run plans several files of long lines: a failure is reported as found, not shrunk.
      { numRuns: 40, endOnFailure: true },
    );
  });
});

/** Every pre-token boundary of `line` taken alone, as "offset:tokens before it". */
function boundariesOf(line: string): Set<string> {
  const every = counter.pieceMarks?.(line, 1) ?? [];
  const boundaries = new Set<string>();
  for (let i = 0; i < every.length; i += 2) boundaries.add(`${every[i]}:${every[i + 1]}`);
  return boundaries;
}

describe('lines and marks counted in one pass', () => {
  /** What may stand before a long line: its start is then clean, or not (whitespace, "/"). */
  const lead = fc.constantFrom('', '  ', '\t', '/', '//', 'é', ' x');
  const trail = fc.constantFrom('', ' ', '  \t', ';', "'");

  it('gives the line sums of countLines and marks that are boundaries of each line alone', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom('const a = 1;', '', '  return b;', '}', '/* note */'),
            fc.tuple(lead, minified, trail).map(([head, body, tail]) => head + body + tail),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        fc.boolean(),
        fc.constantFrom(1, 7, 256),
        (lines, finalNewline, every) => {
          const content = lines.join('\n') + (finalNewline ? '\n' : '');
          const { linePrefix, lineMarks } = countLinesWithMarks(content, counter, every);
          expect([...linePrefix]).toEqual([...counter.countLines(content)]);
          const marks = lineMarks ?? new Uint32Array(0);
          let lineStart = 0;
          let previous = -1;
          for (const line of content.split(/(?<=\n)/)) {
            const lineEnd = lineStart + line.length;
            const inLine: number[] = [];
            for (let i = 0; i < marks.length; i += 2) {
              if (marks[i]! > lineStart && marks[i]! < lineEnd)
                inLine.push(marks[i]!, marks[i + 1]!);
            }
            if (inLine.length > 0) {
              expect(line.length).toBeGreaterThanOrEqual(LONG_LINE_CHARS);
              const boundaries = boundariesOf(line);
              for (let i = 0; i < inLine.length; i += 2) {
                expect(boundaries.has(`${inLine[i]! - lineStart}:${inLine[i + 1]}`)).toBe(true);
              }
            }
            lineStart = lineEnd;
          }
          for (let i = 0; i < marks.length; i += 2) {
            expect(marks[i]!).toBeGreaterThan(previous);
            previous = marks[i]!;
          }
        },
      ),
      // Lines of thousands of characters: a failure is reported as found, not shrunk.
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('tokenizes a long line that starts after a line break only once', () => {
    const line = 'x=function(a){return a+1};'.repeat(400);
    const content = `const head = 1;\n${line}\n${line}\n`;
    let alone = 0;
    const spy: TokenCounter = {
      ...counter,
      count: (text) => counter.count(text),
      countLines: (text) => counter.countLines(text),
      fitPrefix: (text, maxTokens, after) => counter.fitPrefix(text, maxTokens, after),
      pieceMarks: (text, every) => {
        alone++;
        return counter.pieceMarks?.(text, every);
      },
      countLinesMarked: (text, every) => counter.countLinesMarked?.(text, every),
    };
    const marks = [...(countLinesWithMarks(content, spy).lineMarks ?? [])];
    expect(alone).toBe(0);
    expect(marks.length).toBeGreaterThan(20);
    // Both long lines are the same text: each mark is a boundary of it taken alone.
    const boundaries = boundariesOf(`${line}\n`);
    const starts = ['const head = 1;\n'.length, 'const head = 1;\n'.length + line.length + 1];
    for (let i = 0; i < marks.length; i += 2) {
      const start = marks[i]! < starts[1]! ? starts[0]! : starts[1]!;
      expect(boundaries.has(`${marks[i]! - start}:${marks[i + 1]}`)).toBe(true);
    }
    // A counter that cannot mark as it counts has each long line counted again, alone.
    const { countLinesMarked: _, ...unmarked } = spy;
    countLinesWithMarks(content, unmarked);
    expect(alone).toBe(2);
  });
});
