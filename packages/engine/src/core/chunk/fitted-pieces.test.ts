import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutputFormat } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import { countLinesWithMarks } from '../line-marks.js';
import { getRenderer } from '../render/index.js';
import type { TokenizerName } from '@repobundle/contract/models';
import { loadTokenCounter } from '../tokens/index.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ProcessedFile } from '../types.js';
import { chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { assertProperty } from './test-support/assert-property.js';
import { makeFile } from './test-support/make-file.js';

// Every tokenizer: those that split into pre-tokens add up at a clean cut, and the others
// (gemma3) must never be priced so.
const TOKENIZERS: TokenizerName[] = [
  'o200k_base',
  'cl100k_base',
  'llama3',
  'qwen3',
  'deepseek_v3',
  'gemma3',
];
const counters = new Map<TokenizerName, TokenCounter>();
for (const name of TOKENIZERS) counters.set(name, await loadTokenCounter(name));
const counterOf = (name: TokenizerName) => counters.get(name) as TokenCounter;

// Minified code and data: lines far longer than a chunk, with the runs that pre-tokenize
// differently at a text's end (spaces before digits, line breaks, marks, letters of all kinds).
const fragments = [
  'var a=',
  'function(e,t){',
  'return ',
  '}',
  ',',
  ';',
  '0x1f',
  '12345',
  '  ',
  '    ',
  ' ',
  '\t',
  '"str"',
  "'s",
  'é',
  'e\u0301',
  'ﬁ',
  '漢字',
  '😀',
  '👩‍💻',
  'Bar',
  'foo',
  '/',
  '\r\n',
];
const longLine = fc
  .array(fc.constantFrom(...fragments), { minLength: 1_500, maxLength: 4_000 })
  .map((parts) => parts.join('').replace(/\n/g, ' '));
const shortLine = fc
  .array(fc.constantFrom(...fragments), { maxLength: 12 })
  .map((parts) => parts.join('').replace(/\n/g, ' '));
const minified = fc
  .record({
    lines: fc.array(
      fc.oneof({ weight: 2, arbitrary: longLine }, { weight: 1, arbitrary: shortLine }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    finalNewline: fc.boolean(),
  })
  .map(({ lines, finalNewline }) => lines.join('\n') + (finalNewline ? '\n' : ''));

/** A processed file as the file stage makes it, marks inside its long lines included. */
function processed(tokenizer: TokenizerName, path: string, content: string): ProcessedFile {
  const counter = counterOf(tokenizer);
  const { lineMarks } = countLinesWithMarks(content, counter);
  return { ...makeFile(counter, path, content, 'javascript'), ...(lineMarks && { lineMarks }) };
}

async function chunked(
  tokenizer: TokenizerName,
  format: OutputFormat,
  files: readonly ProcessedFile[],
  extra: number,
  perMille: number,
) {
  const counter = counterOf(tokenizer);
  const renderer = getRenderer(format);
  const base = resolveOptions({ chunkingStrategy: 'fixed', outputFormat: format });
  const measurer = createCostMeasurer({ renderer, counter, options: base, sourceName: 'min' });
  const limit = measurer.minimumLimit(files) + 200 + extra;
  const options = {
    ...base,
    tokenLimit: limit,
    chunkOverlap: Math.floor((limit * perMille) / 1000),
  };
  const counted: string[] = [];
  const { chunks } = await chunkFiles(files, options, renderer, counter, {
    sourceName: 'min',
    countTexts: async (texts) => {
      counted.push(...texts);
      return texts.map((text) => counter.count(text));
    },
  });
  return { chunks, counted, counter };
}

describe('pieces cut inside lines', () => {
  it.each(
    TOKENIZERS.flatMap((tokenizer) =>
      (['md', 'txt'] as const).map((format): [TokenizerName, OutputFormat] => [tokenizer, format]),
    ),
  )('%s, %s: every chunk counts what its text counts', async (tokenizer, format) => {
    await assertProperty(
      fc.asyncProperty(
        fc.array(minified, { minLength: 1, maxLength: 3 }),
        fc.nat(3_000),
        fc.integer({ min: 0, max: 400 }),
        async (contents, extra, perMille) => {
          const files = contents.map((content, index) =>
            processed(tokenizer, `dist/m${index}.min.js`, content),
          );
          const { chunks, counter } = await chunked(tokenizer, format, files, extra, perMille);
          for (const chunk of chunks) {
            const exact = counter.count(chunk.text);
            if (chunk.tokens !== exact) {
              throw new Error(
                `chunk ${chunk.index}: ${chunk.tokens} tokens, its text counts ${exact}`,
              );
            }
          }
        },
      ),
      12,
    );
  });

  it('are priced from the fits that cut them, not counted again whole', async () => {
    const line = Array.from({ length: 9_000 }, (_, n) => `v${n}=f(${n},"k${n}")`).join(',');
    const files = [processed('o200k_base', 'dist/app.min.js', `${line};\n${line};\n`)];
    const { chunks, counted } = await chunked('o200k_base', 'txt', files, 20_000, 0);
    expect(chunks.length).toBeGreaterThan(4);
    const chunkChars = chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
    const countedChars = counted.reduce((sum, text) => sum + text.length, 0);
    // Only the chunks whose cut is not at a word end, nor at their line's end, are counted whole.
    expect(countedChars).toBeLessThan(chunkChars / 4);
  });
});
