import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { OutputFormat } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import { getRenderer } from '../render/index.js';
import type { ProcessedFile } from '../types.js';
import { buildChunks } from './build-chunks.js';
import { createCostMeasurer } from './cost-model.js';
import { countAfterHeader } from './wrapper-measures.js';
import { LinePriceMemo } from './line-price-memo.js';
import { makeOutlinedFile } from './test-support/plan-checks.js';
import { createTiktokenCounter } from './test-support/tiktoken-counter.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());

const formats: OutputFormat[] = ['md', 'txt', 'json', 'xml', 'yaml', 'csv'];
const line = 'const value = compute(alpha, "beta", gamma) + other.field * 42;';

describe.each(formats)('%s cost model', (format) => {
  const renderer = getRenderer(format);
  const measurer = createCostMeasurer({
    renderer,
    counter,
    options: resolveOptions({}),
    sourceName: 'demo',
  });
  const model = measurer.withLimit(100_000, 0);
  const rendered = (file: ProcessedFile, end: number): number => {
    const span = { file: 0, start: 0, end, startsOnBoundary: true, endsOnBoundary: false };
    const [chunk] = buildChunks([file], [{ spans: [span] }], measurer.lineStarts);
    if (!chunk) throw new Error('no chunk');
    return counter.count(renderer.renderChunk(chunk, measurer.renderContext(1)));
  };

  it('prices a piece that ends inside a line at least as it renders', () => {
    const file = makeOutlinedFile(counter, 'src/a.ts', `${line}\n`, undefined);
    for (let end = 1; end < line.length; end += 7) {
      const price =
        model.chunkOverhead +
        model.pieceOverhead(file) +
        model.openEndOverhead(file) +
        model.textCost(line.slice(0, end));
      expect(price, `cut at ${end}`).toBeGreaterThanOrEqual(rendered(file, end));
    }
  });

  it('prices a whole file without a final line break at least as it renders', () => {
    for (const content of [line, `${line}\n${line}`, 'x']) {
      const file = makeOutlinedFile(counter, 'src/a.ts', content, undefined);
      const lines = measurer.lineStarts(file).length - 1;
      const price =
        model.chunkOverhead + model.pieceOverhead(file) + model.linesCost(file, 0, lines);
      expect(price, JSON.stringify(content)).toBeGreaterThanOrEqual(rendered(file, content.length));
    }
  });

  it('states the exact cost of a span alone, numbered as the last of many chunks and parts', () => {
    const content = `${line}\n${line}\n${line}\n`;
    const file = makeOutlinedFile(counter, 'src/a.ts', content, undefined);
    const start = line.length + 1;
    const end = content.length;
    const context = ['class Store', 'method load'];
    const span = { file: 0, start, end, startsOnBoundary: false, endsOnBoundary: true, context };
    const [built] = buildChunks([file], [{ spans: [span] }], measurer.lineStarts);
    const piece = built?.pieces[0];
    if (!piece) throw new Error('no piece');
    const last = 999_999;
    const text = renderer.renderChunk(
      { index: last, pieces: [{ ...piece, part: last, partCount: last }] },
      measurer.renderContext(last),
    );
    expect(model.spanCost?.(file, { start, end, context })).toBe(counter.count(text));
    // The numbers cost what the prices assume: at least the chunk numbered 1 of 1.
    expect(model.spanCost?.(file, { start, end, context })).toBeGreaterThanOrEqual(
      counter.count(renderer.renderChunk({ index: 1, pieces: [piece] }, measurer.renderContext(1))),
    );
  });
});

describe('line prices of a format that escapes content', () => {
  const content = `${line}\n${line}\n`;
  const file = makeOutlinedFile(counter, 'src/a.ts', content, undefined);
  const model = (linePrices?: LinePriceMemo) =>
    createCostMeasurer({
      renderer: getRenderer('json'),
      counter,
      options: resolveOptions({ outputFormat: 'json' }),
      sourceName: 'demo',
      ...(linePrices && { linePrices }),
    }).withLimit(100_000, 0);

  it('come from the memo when it knows the text, and go into it when it does not', () => {
    const digestOf = (format: string, text: string) => `${format}\0${text}`;
    const known = new LinePriceMemo(
      () => new Map([[digestOf('json', content), Uint32Array.from([0, 5, 12])]]),
      digestOf,
    );
    expect(model(known).linesCost(file, 0, 2)).toBe(12);
    expect(known.added).toBe(0);

    const empty = new LinePriceMemo(() => new Map(), digestOf);
    const priced = model(empty).linesCost(file, 0, 2);
    expect(priced).toBe(model().linesCost(file, 0, 2));
    expect(empty.added).toBe(1);
    expect([...empty.kept(1024).keys()]).toEqual([digestOf('json', content)]);
  });
});

describe('open end overhead', () => {
  it('is the `no final newline` label in md and txt, and nothing in json', () => {
    const file = makeOutlinedFile(counter, 'src/a.ts', `${line}\n`, undefined);
    const overhead = (format: OutputFormat) =>
      createCostMeasurer({
        renderer: getRenderer(format),
        counter,
        options: resolveOptions({}),
        sourceName: 'demo',
      })
        .withLimit(100_000, 0)
        .openEndOverhead(file);
    expect(overhead('md')).toBeGreaterThanOrEqual(counter.count(', no final newline'));
    expect(overhead('txt')).toBeGreaterThanOrEqual(counter.count(', no final newline'));
    expect(overhead('json')).toBe(0);
  });
});

describe('countAfterHeader', () => {
  const piece = fc.oneof(
    fc.constantFrom('# demo: chunk 999999 of 999999', '## ', '`', '```', 'ab', '12', ' ', '\n'),
    fc.constantFrom('=== ', ' ===', '<file path="', '">', "'s", '/', 'é', '😀', '\u00a0'),
    fc.string({ maxLength: 5 }),
  );
  const text = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(''));

  it('counts any text as counting it whole does, whether or not it begins with the header', () => {
    fc.assert(
      fc.property(text, text, text, fc.nat(), (header, rest, other, cut) => {
        const count = countAfterHeader(header, counter);
        // A text that shares any beginning of the header, then goes its own way.
        const partly = header.slice(0, cut % (header.length + 1)) + rest;
        expect(count(header + rest)).toBe(counter.count(header + rest));
        expect(count(partly)).toBe(counter.count(partly));
        expect(count(other)).toBe(counter.count(other));
      }),
      { numRuns: 1500 },
    );
  });
});
