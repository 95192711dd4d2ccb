import { afterAll, describe, expect, it } from 'vitest';
import type { ResolvedOptions } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import { isEngineError } from '../../errors.js';
import { getRenderer } from '../render/index.js';
import type { FormatRenderer } from '../render/renderer.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';
import { chunkFileName, chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { checkChunks } from './test-support/check-chunks.js';
import { makeFile } from './test-support/make-file.js';
import { lineStartsOf } from './line-index.js';
import { priceLines } from './line-prices.js';
import {
  createEscapingTestRenderer,
  createVerbatimTestRenderer,
} from './test-support/test-renderer.js';
import { createTiktokenCounter } from './test-support/tiktoken-counter.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());
const renderer = createVerbatimTestRenderer();

function optionsFor(
  strategy: ResolvedOptions['chunkingStrategy'],
  tokenLimit: number,
  chunkOverlap = 0,
): ResolvedOptions {
  return { ...resolveOptions({ chunkingStrategy: strategy }), tokenLimit, chunkOverlap };
}

function run(files: ProcessedFile[], options: ResolvedOptions, with_: FormatRenderer = renderer) {
  return chunkFiles(files, options, with_, counter, { sourceName: 'demo' });
}

/** Lines `line 001 of <name>` ... : a few tokens each. */
function numbered(name: string, count: number): string {
  return Array.from(
    { length: count },
    (_, index) => `line ${String(index + 1).padStart(3, '0')} of ${name}\n`,
  ).join('');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('file_based', () => {
  it('packs whole files in order, closing a chunk before the file that does not fit', async () => {
    const files = ['a', 'b', 'c', 'd', 'e'].map((name) =>
      makeFile(counter, `${name}.ts`, numbered(name, 20)),
    );
    const limit = 2 * (files[0]?.tokens ?? 0) + 120;
    const { chunks } = await run(files, optionsFor('file_based', limit));
    checkChunks(chunks, files, { limit, allowOverlap: false });
    expect(chunks.map((chunk) => chunk.pieces.map((piece) => piece.path))).toEqual([
      ['a.ts', 'b.ts'],
      ['c.ts', 'd.ts'],
      ['e.ts'],
    ]);
    for (const piece of chunks.flatMap((chunk) => chunk.pieces)) {
      expect(piece).toMatchObject({ part: 1, partCount: 1, startLine: 1, endLine: 20 });
      expect(piece.startsOnBoundary && piece.endsOnBoundary).toBe(true);
    }
    expect(chunks.map((chunk) => chunk.fileName)).toEqual([
      'chunk-0001.md',
      'chunk-0002.md',
      'chunk-0003.md',
    ]);
  });

  it('splits a file larger than the limit at line ends into parts labelled k of n', async () => {
    const big = makeFile(counter, 'big.ts', numbered('big', 300));
    const small = makeFile(counter, 'small.ts', numbered('small', 3));
    const files = [makeFile(counter, 'first.ts', numbered('first', 3)), big, small];
    const { chunks } = await run(files, optionsFor('file_based', 400));
    checkChunks(chunks, files, { limit: 400, allowOverlap: false });
    const parts = chunks
      .flatMap((chunk) => chunk.pieces)
      .filter((piece) => piece.path === 'big.ts');
    expect(parts.length).toBeGreaterThan(3);
    parts.forEach((piece, index) => {
      expect(piece.part).toBe(index + 1);
      expect(piece.partCount).toBe(parts.length);
      expect(piece.content.endsWith('\n')).toBe(true);
      expect(piece.startLine).toBe(index === 0 ? 1 : (parts[index - 1]?.endLine ?? 0) + 1);
    });
    expect(parts.at(-1)?.endLine).toBe(300);
    // The big file starts a fresh chunk; its last part shares a chunk with the file after it.
    expect(chunks[0]?.pieces.map((piece) => piece.path)).toEqual(['first.ts']);
    expect(chunks.at(-1)?.pieces.map((piece) => piece.path)).toEqual(['big.ts', 'small.ts']);
    expect(chunks.at(-1)?.text).toContain(`part ${parts.length} of ${parts.length}`);
  });

  it('cuts a single line longer than a chunk inside the line, never inside a surrogate pair', async () => {
    const line = '😀 emoji, 漢字 and words '.repeat(400);
    const files = [makeFile(counter, 'min.js', `${line}\nshort\n`)];
    const { chunks } = await run(files, optionsFor('file_based', 300));
    checkChunks(chunks, files, { limit: 300, allowOverlap: false });
    const pieces = chunks.flatMap((chunk) => chunk.pieces);
    expect(pieces.length).toBeGreaterThan(5);
    const [first, second] = pieces;
    expect(first).toMatchObject({
      startLine: 1,
      endLine: 1,
      startsOnBoundary: true,
      endsOnBoundary: false,
    });
    expect(second).toMatchObject({
      startLine: 1,
      endLine: 1,
      startsOnBoundary: false,
      endsOnBoundary: false,
    });
    for (const piece of pieces) expect(LONE_SURROGATE.test(piece.content)).toBe(false);
    expect(pieces.map((piece) => piece.content).join('')).toBe(files[0]?.content);
  });

  it('cuts a line of nothing but surrogate pairs between pairs', async () => {
    const files = [makeFile(counter, 'emoji.txt', '😀🎉'.repeat(300))];
    const { chunks } = await run(files, optionsFor('file_based', 200));
    checkChunks(chunks, files, { limit: 200, allowOverlap: false });
    for (const piece of chunks.flatMap((chunk) => chunk.pieces)) {
      expect(piece.content.length % 2).toBe(0);
      expect(LONE_SURROGATE.test(piece.content)).toBe(false);
    }
  });
});

describe('fixed', () => {
  it('repeats the longest run of trailing whole lines that fits the overlap', async () => {
    const files = [makeFile(counter, 'a.ts', numbered('a', 200))];
    const overlap = 40;
    const options = optionsFor('fixed', 500, overlap);
    const { chunks } = await run(files, options);
    const cost = createCostMeasurer({ renderer, counter, options, sourceName: 'demo' }).withLimit(
      500,
      overlap,
    );
    checkChunks(chunks, files, { limit: 500, allowOverlap: true, overlap, cost });
    const file = files[0] as ProcessedFile;
    for (let index = 1; index < chunks.length; index++) {
      const before = chunks[index - 1]?.pieces.at(-1);
      const after = chunks[index]?.pieces[0];
      if (!before || !after) throw new Error('missing piece');
      const repeated = cost.linesCost(file, after.startLine - 1, before.endLine);
      expect(repeated).toBeLessThanOrEqual(overlap);
      // One more line would have gone over the overlap.
      expect(cost.linesCost(file, after.startLine - 2, before.endLine)).toBeGreaterThan(overlap);
    }
  });

  it('without overlap, windows follow each other with nothing repeated', async () => {
    const files = [makeFile(counter, 'a.ts', numbered('a', 200))];
    const { chunks } = await run(files, optionsFor('fixed', 400));
    const repeated = checkChunks(chunks, files, { limit: 400, allowOverlap: true, overlap: 0 });
    expect(repeated).toEqual([0]);
    expect(chunks.length).toBeGreaterThan(2);
  });

  it('runs over files in order: a window holds the end of one file and the start of the next', async () => {
    const files = [
      makeFile(counter, 'a.ts', numbered('a', 100)),
      makeFile(counter, 'b.ts', numbered('b', 100)),
    ];
    const { chunks } = await run(files, optionsFor('fixed', 400));
    checkChunks(chunks, files, { limit: 400, allowOverlap: true, overlap: 0 });
    const mixed = chunks.filter((chunk) => chunk.pieces.length === 2);
    expect(mixed).toHaveLength(1);
    const [end, start] = mixed[0]?.pieces ?? [];
    expect([end?.path, end?.startsOnBoundary, end?.endsOnBoundary, end?.endLine]).toEqual([
      'a.ts',
      false,
      true,
      100,
    ]);
    expect([start?.path, start?.startsOnBoundary, start?.endsOnBoundary, start?.startLine]).toEqual(
      ['b.ts', true, false, 1],
    );
  });

  it('fills windows close to the limit', async () => {
    const files = [makeFile(counter, 'a.ts', numbered('a', 400))];
    const { chunks } = await run(files, optionsFor('fixed', 1000));
    for (const chunk of chunks.slice(0, -1)) expect(chunk.tokens).toBeGreaterThan(900);
  });
});

describe('the chunk stage', () => {
  it('gives no chunks for no files', async () => {
    expect(await run([], optionsFor('fixed', 32_000))).toEqual({ chunks: [], notes: [] });
    expect((await run([], optionsFor('file_based', 32_000))).chunks).toEqual([]);
  });

  it('keeps an empty file as an empty piece', async () => {
    const files = [makeFile(counter, 'empty.ts', ''), makeFile(counter, 'b.ts', 'x\n')];
    const { chunks } = await run(files, optionsFor('fixed', 32_000));
    expect(chunks[0]?.pieces[0]).toMatchObject({
      path: 'empty.ts',
      content: '',
      startLine: 1,
      endLine: 0,
    });
  });

  it.each(['semantic', 'auto'] as const)(
    'runs %s on files without an outline as file_based, without a note',
    async (strategy) => {
      const files = [
        makeFile(counter, 'a.ts', numbered('a', 5)),
        makeFile(counter, 'b.ts', numbered('b', 300)),
      ];
      const result = await run(files, optionsFor(strategy, 400));
      expect(result.notes).toEqual([]);
      const fileBased = await run(files, optionsFor('file_based', 400));
      // Chunks carry functions that render their text; compare what they render.
      const rendered = (chunks: readonly RenderedChunk[]) =>
        chunks.map(({ textParts, ...chunk }) => ({ ...chunk, text: textParts().join('') }));
      expect(rendered(result.chunks)).toEqual(rendered(fileBased.chunks));
    },
  );

  it('refuses a limit below the minimum it can plan with', async () => {
    const files = [makeFile(counter, 'a.ts', 'x\n')];
    const minimum = createCostMeasurer({
      renderer,
      counter,
      options: optionsFor('fixed', 10),
      sourceName: 'demo',
    }).minimumLimit(files);
    const caught: unknown = await run(files, optionsFor('fixed', minimum - 1)).catch(
      (error) => error,
    );
    expect(isEngineError(caught) && caught.code).toBe('INVALID_TOKEN_LIMIT');
    expect((await run(files, optionsFor('fixed', minimum))).chunks).toHaveLength(1);
  });

  it.each(['fixed', 'file_based'] as const)(
    '%s: re-plans chunks the estimate got wrong until they fit, and renumbers them all',
    async (strategy) => {
      // Quotes every line without telling the cost model: every planned chunk comes out too big.
      const quoting: FormatRenderer = {
        ...renderer,
        renderChunk: (chunk, context) =>
          renderer.renderChunk(chunk, context).replace(/^/gm, '> quoted: '),
      };
      const files = [
        makeFile(counter, 'a.ts', numbered('a', 150)),
        makeFile(counter, 'b.ts', numbered('b', 40)),
      ];
      const overlap = strategy === 'fixed' ? 60 : 0;
      const { chunks } = await run(files, optionsFor(strategy, 600, overlap), quoting);
      checkChunks(chunks, files, { limit: 600, allowOverlap: strategy === 'fixed', overlap });
      const planned = (await run(files, optionsFor(strategy, 600, overlap))).chunks.length;
      expect(chunks.length).toBeGreaterThan(planned);
      chunks.forEach((chunk, index) => {
        expect(
          chunk.text.startsWith(`> quoted: # demo: chunk ${index + 1} of ${chunks.length}\n`),
        ).toBe(true);
        expect(chunk.tokens).toBe(counter.count(chunk.text));
      });
    },
  );
});

describe('a re-plan in a format that escapes content', () => {
  it.each(['fixed', 'file_based'] as const)(
    '%s: prices its slices from their files, without counting their text again',
    async (strategy) => {
      const escaping = createEscapingTestRenderer();
      // Says a word of every line four times without telling the cost model: planned chunks come
      // out too big.
      const stammering: FormatRenderer = {
        ...escaping,
        renderChunk: (chunk, context) =>
          escaping.renderChunk(chunk, context).replaceAll(' of ', ' of of of of '),
      };
      // Priced as a thread prices them, so this stage prices nothing of the files themselves.
      const files = [
        makeFile(counter, 'a.ts', numbered('a', 150)),
        makeFile(counter, 'b.ts', numbered('b', 40)),
      ].map((file) => ({
        ...file,
        linePrices: {
          format: escaping.format,
          prices: priceLines(file, lineStartsOf(file), escaping, counter),
        },
      }));
      const counted: string[] = [];
      const watching = {
        ...counter,
        count: (text: string) => {
          counted.push(text);
          return counter.count(text);
        },
        countLines: (text: string) => {
          counted.push(text);
          return counter.countLines(text);
        },
      };
      const options = optionsFor(strategy, 700, strategy === 'fixed' ? 60 : 0);
      const { chunks } = await chunkFiles(files, options, stammering, watching, {
        sourceName: 'demo',
        countTexts: async (texts) => texts.map((text) => counter.count(text)),
      });
      const planned = (await run(files, options, escaping)).chunks.length;
      expect(chunks.length).toBeGreaterThan(planned);
      for (const chunk of chunks) {
        expect(chunk.tokens).toBe(counter.count(chunk.text));
        expect(chunk.tokens).toBeLessThanOrEqual(700);
      }
      // Two lines of a file in one counted text: a slice priced by counting its lines again.
      expect(counted.filter((text) => /line \d+ of [ab]\nline \d+ of [ab]/.test(text))).toEqual([]);
    },
  );
});

describe('chunkFileName', () => {
  it('pads to four digits, or to the width of the chunk count so names sort in order', async () => {
    expect(chunkFileName(7, 12, 'md')).toBe('chunk-0007.md');
    expect(chunkFileName(7, 12_000, 'json')).toBe('chunk-00007.json');
    expect(chunkFileName(12_000, 12_000, 'json')).toBe('chunk-12000.json');
  });
});

describe('exact counts of rendered chunks', () => {
  it('counts a piece of whitespace between two wrappers as the rendered text tokenizes', async () => {
    // "\n" (header) + " " (the file) + "\n```\n" (closing fence): the two newlines and the space
    // are one pre-token, though each neighbouring pair on its own joins cleanly.
    const markdown = getRenderer('md');
    const files = [makeFile(counter, 'space.ts', ' '), makeFile(counter, 'tab.ts', 'x\n\t')];
    const { chunks } = await run(files, optionsFor('file_based', 32_000), markdown);
    for (const chunk of chunks) expect(chunk.tokens).toBe(counter.count(chunk.text));
  });
});

describe('chunk text', () => {
  const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) =>
    makeFile(counter, `${name}.ts`, numbered(name, 40)),
  );
  const options = optionsFor('fixed', 2 * (files[0]?.tokens ?? 0));

  it('is rendered when read, not held by the chunk, and the same each time', async () => {
    const { chunks } = await run(files, options);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(Object.getOwnPropertyDescriptor(chunk, 'text')?.get).toBeTypeOf('function');
      expect(chunk.text).toBe(chunk.text);
      expect(counter.count(chunk.text)).toBe(chunk.tokens);
    }
  });

  it('counts the same when the rendered texts are counted in many small batches', async () => {
    const whole = await run(files, options);
    const counted: number[] = [];
    const batched = await chunkFiles(files, options, renderer, counter, {
      sourceName: 'demo',
      batchChars: 1,
      countTexts: async (texts) => {
        counted.push(texts.length);
        return texts.map((text) => counter.count(text));
      },
    });
    expect(counted.filter((size) => size === 1).length).toBeGreaterThan(2);
    expect(counted.filter((size) => size > 1)).toEqual([]);
    expect(batched.chunks.map((chunk) => [chunk.text, chunk.tokens])).toEqual(
      whole.chunks.map((chunk) => [chunk.text, chunk.tokens]),
    );
  });

  it('renders the next batch while the one before is counted, one batch ahead at most', async () => {
    const whole = await run(files, options);
    let counting = 0;
    const countingWhenAsked: number[] = [];
    const overlapped = await chunkFiles(files, options, renderer, counter, {
      sourceName: 'demo',
      batchChars: 1,
      // Counts that arrive later, as from another thread.
      countTexts: async (texts) => {
        countingWhenAsked.push(counting++);
        await new Promise((resolve) => setTimeout(resolve, 5));
        counting--;
        return texts.map((text) => counter.count(text));
      },
    });
    expect(countingWhenAsked.length).toBeGreaterThan(2);
    expect(Math.max(...countingWhenAsked)).toBe(1);
    expect(overlapped.chunks.map((chunk) => [chunk.text, chunk.tokens])).toEqual(
      whole.chunks.map((chunk) => [chunk.text, chunk.tokens]),
    );
  });

  it('fails with the count that failed, whichever batch it was', async () => {
    for (const failing of [0, 1, 2]) {
      let call = 0;
      const stage = chunkFiles(files, options, renderer, counter, {
        sourceName: 'demo',
        batchChars: 1,
        countTexts: async (texts) => {
          const at = call++;
          // The failing batch answers first, while the stage waits for another or renders.
          await new Promise((resolve) => setTimeout(resolve, at === failing ? 1 : 10));
          if (at === failing) throw new Error(`batch ${at} could not be counted`);
          return texts.map((text) => counter.count(text));
        },
      });
      await expect(stage).rejects.toThrow(`batch ${failing} could not be counted`);
    }
  });
});

describe('chunks of a format that escapes content', () => {
  const files = Array.from({ length: 12 }, (_, index) =>
    makeFile(counter, `src/f${index}.ts`, `const s${index} = "a\tb" < '&';\n`.repeat(300)),
  );

  it.each(['json', 'xml', 'yaml', 'csv'] as const)(
    '%s: are counted by their bodies, never joined whole, and exactly',
    async (format) => {
      const renderer = getRenderer(format);
      const options = { ...resolveOptions({ outputFormat: format }), tokenLimit: 32_000 };
      const counted: string[] = [];
      const { chunks } = await chunkFiles(files, options, renderer, counter, {
        sourceName: 'demo',
        countTexts: async (texts) => {
          counted.push(...texts);
          return texts.map((text) => counter.count(text));
        },
      });
      expect(chunks.length).toBeGreaterThan(1);
      expect(counted.length).toBeGreaterThan(0);
      for (const chunk of chunks) {
        expect(counter.count(chunk.text)).toBe(chunk.tokens);
        expect(counted).not.toContain(chunk.text);
      }
      // Each counted text is a body or part of one: shorter than any chunk, planned or final.
      const longest = Math.max(...counted.map((text) => text.length));
      expect(longest).toBeLessThan(Math.min(...chunks.map((chunk) => chunk.text.length)));
    },
  );
});
