import { afterAll, describe, expect, it } from 'vitest';
import type { ResolvedOptions } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import { getRenderer } from '../render/index.js';
import type { ProcessedFile } from '../types.js';
import { autoStrategy } from './auto-strategy.js';
import { chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { fileBasedStrategy } from './file-based-strategy.js';
import { semanticStrategy } from './semantic-strategy.js';
import { isSyntaxBoundary } from './semantic-strategy-outline.js';
import type { ChunkStrategy, PlannedChunk } from './strategy.js';
import { checkChunks } from './test-support/check-chunks.js';
import { outlineFromBraces } from './test-support/outline-from-braces.js';
import {
  assertLosslessPlan,
  cutsOf,
  makeOutlinedFile,
  splitFittingDefinitions,
} from './test-support/plan-checks.js';
import { createTiktokenCounter } from './test-support/tiktoken-counter.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());
const renderer = getRenderer('md');

function outlined(path: string, content: string, withOutline = true): ProcessedFile {
  return makeOutlinedFile(
    counter,
    path,
    content,
    withOutline ? outlineFromBraces(content) : undefined,
  );
}

function modelFor(files: readonly ProcessedFile[], limit: number) {
  const options = resolveOptions({ chunkingStrategy: 'semantic' });
  const measurer = createCostMeasurer({ renderer, counter, options, sourceName: 'demo' });
  return measurer.withLimit(limit, 0);
}

function plan(strategy: ChunkStrategy, files: ProcessedFile[], limit: number): PlannedChunk[] {
  const cost = modelFor(files, limit);
  const planned = strategy.plan(files, cost);
  assertLosslessPlan(planned, files);
  expect(splitFittingDefinitions(planned, files, cost)).toEqual([]);
  return planned;
}

function texts(planned: readonly PlannedChunk[], files: readonly ProcessedFile[]): string[][] {
  return planned.map((chunk) =>
    chunk.spans.map((span) => files[span.file]?.content.slice(span.start, span.end) ?? ''),
  );
}

/** `function fN() {` with `count` statements of a few tokens each, then `}`. */
function fn(name: string, count: number, indent = ''): string {
  const body = Array.from({ length: count }, (_, i) => `${indent}  step(${i}, "${name}");\n`);
  return `${indent}function ${name}() {\n${body.join('')}${indent}}\n`;
}

function method(name: string, count: number): string {
  return fn(name, count, '  ').replace('function', 'method');
}

function optionsFor(strategy: ResolvedOptions['chunkingStrategy'], tokenLimit: number) {
  return { ...resolveOptions({ chunkingStrategy: strategy }), tokenLimit };
}

describe('semantic strategy', () => {
  it('packs files that fit whole, in order, like file_based', () => {
    const files = ['a', 'b', 'c'].map((name) => outlined(`${name}.ts`, fn(name, 10)));
    const limit = 2 * (files[0]?.tokens ?? 0) + 150;
    const semantic = plan(semanticStrategy, files, limit);
    const withoutContext = semantic.map((chunk) => ({
      spans: chunk.spans.map(({ context, ...span }) => {
        expect(context).toEqual([]);
        return span;
      }),
    }));
    expect(withoutContext).toEqual(fileBasedStrategy.plan(files, modelFor(files, limit)));
    expect(semantic.map((chunk) => chunk.spans.length)).toEqual([2, 1]);
  });

  it('cuts a large file between definitions and merges small neighbours up to the budget', () => {
    const source = Array.from({ length: 12 }, (_, i) => fn(`f${i}`, 8)).join('\n');
    const file = outlined('many.ts', source);
    const one = outlined('one.ts', fn('f0', 8));
    const model = modelFor([file], 1);
    const limit = model.chunkOverhead + model.pieceOverhead(file) + Math.floor(3.5 * one.tokens);
    const planned = plan(semanticStrategy, [file], limit);
    // Three functions and their blank lines per chunk: four chunks, every cut before a function.
    expect(
      texts(planned, [file]).map((chunk) => chunk.join('').match(/^function/gm)?.length),
    ).toEqual([3, 3, 3, 3]);
    for (const cut of cutsOf(planned, [file])[0] ?? []) {
      expect(source.slice(cut).startsWith('function')).toBe(true);
    }
    expect(
      planned
        .flatMap((chunk) => chunk.spans)
        .every((span) => span.startsOnBoundary && span.endsOnBoundary),
    ).toBe(true);
  });

  it('descends into a class too large for a chunk and names it as context', () => {
    const source = `class Foo {\n${['a', 'b', 'c', 'd'].map((name) => method(name, 12)).join('')}}\n`;
    const file = outlined('foo.ts', source);
    const limit = 2 * outlined('m.ts', method('a', 12)).tokens + 150;
    const planned = plan(semanticStrategy, [file], limit);
    const spans = planned.flatMap((chunk) => chunk.spans);
    expect(spans.length).toBeGreaterThan(1);
    for (const span of spans) expect(span.context).toEqual(['class Foo']);
    expect(texts(planned, [file])[0]?.[0]?.startsWith('class Foo {\n  method a() {')).toBe(true);
    expect(texts(planned, [file]).at(-1)?.[0]?.endsWith('  }\n}\n')).toBe(true);
  });

  it('splits a definition larger than a chunk between its statements, naming the path to it', () => {
    const source = `class Foo {\n${method('small', 2)}${method('huge', 300)}}\n`;
    const file = outlined('foo.ts', source);
    const planned = plan(semanticStrategy, [file], 700);
    const contexts = planned
      .flatMap((chunk) => chunk.spans)
      .map((span) => span.context?.join(' > '));
    expect(
      contexts.filter((context) => context === 'class Foo > method huge').length,
    ).toBeGreaterThan(1);
    // Statements are leaves here: every cut falls at a line end between two of them.
    for (const cut of cutsOf(planned, [file])[0] ?? []) {
      expect(source[cut - 1]).toBe('\n');
      expect(isSyntaxBoundary(file.outline?.nodes ?? [], cut)).toBe(true);
    }
  });

  it('keeps a comment with the definition it introduces', () => {
    const source = [fn('a', 30), '// about b\n// more about b\n', fn('b', 30)].join('\n');
    const file = outlined('c.ts', source);
    const planned = plan(semanticStrategy, [file], outlined('x.ts', fn('a', 30)).tokens + 130);
    expect(texts(planned, [file]).map((chunk) => chunk.join(''))).toEqual([
      `${fn('a', 30)}\n`,
      `// about b\n// more about b\n\n${fn('b', 30)}`,
    ]);
  });

  it('cuts inside a shared line between two definitions that fit alone but not together', () => {
    const source = fn('a', 40).replace(/}\n$/, `} ${fn('b', 40)}`);
    expect(source).toContain('} function b() {\n');
    const file = outlined('line.ts', source);
    const planned = plan(semanticStrategy, [file], outlined('a.ts', fn('a', 40)).tokens + 100);
    expect(cutsOf(planned, [file])).toEqual([[source.indexOf('function b')]]);
    expect(planned.flatMap((chunk) => chunk.spans).map((span) => span.startsOnBoundary)).toEqual([
      true,
      true,
    ]);
  });

  it('cuts a leaf longer than a chunk at line ends, then inside its line', () => {
    const source = `function big() {\n  const data = [\n${'    1, 2, 3, 4, 5, 6, 7, 8,\n'.repeat(80)}  ];\n}\n`;
    const file = outlined('data.ts', source);
    const planned = plan(semanticStrategy, [file], 500);
    expect(planned.length).toBeGreaterThan(2);
    const minified = outlined('min.ts', `run(${'"x", '.repeat(2000)});\n`);
    const parts = plan(semanticStrategy, [minified], 500);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.flatMap((chunk) => chunk.spans).every((span) => span.context?.length === 0)).toBe(
      true,
    );
  });

  it('keeps definitions whole inside a line that fits the budget only without its wrapper', () => {
    // A re-planned slice of a minified line is such a line: cut inside it, its nodes must still
    // be priced by their own text, or every one of them looks too large to keep whole.
    const lines = Array.from({ length: 6 }, (_, i) => fn(`f${i}`, 6)).join('');
    const outline = outlineFromBraces(lines);
    const content = `${lines.slice(0, -1).replace(/\n/g, ' ')}\n`;
    const file = makeOutlinedFile(counter, 'min.js', content, outline);
    const limit = modelFor([file], 1000).chunkOverhead + file.tokens + 1;
    const planned = plan(semanticStrategy, [file], limit);
    const edges = outline.nodes.flatMap((node) => [node.start, node.end]);
    const cuts = cutsOf(planned, [file])[0] ?? [];
    expect(cuts.length).toBeGreaterThan(0);
    for (const cut of cuts) expect(edges).toContain(cut);
  });

  it('cuts files without an outline exactly as file_based does', () => {
    const files = [
      outlined('a.ts', fn('a', 5), false),
      outlined('big.ts', Array.from({ length: 10 }, (_, i) => fn(`g${i}`, 9)).join(''), false),
      outlined('c.ts', fn('c', 5), false),
    ];
    const cost = modelFor(files, 400);
    expect(semanticStrategy.plan(files, cost)).toEqual(fileBasedStrategy.plan(files, cost));
  });

  it('auto follows error-free outlines only; semantic follows any', () => {
    const source = Array.from({ length: 6 }, (_, i) => fn(`f${i}`, 9)).join('');
    const clean = outlined('clean.ts', source);
    const broken: ProcessedFile = {
      ...clean,
      path: 'broken.ts',
      outline: { ...outlineFromBraces(source), hasErrors: true },
    };
    const cost = modelFor([clean], 300);
    expect(autoStrategy.plan([clean], cost)).toEqual(semanticStrategy.plan([clean], cost));
    expect(autoStrategy.plan([broken], cost)).toEqual(fileBasedStrategy.plan([broken], cost));
    expect(semanticStrategy.plan([broken], cost)).toEqual(semanticStrategy.plan([clean], cost));
  });

  it('renders context and part labels, and every chunk fits as rendered', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const source = `class Foo {\n${names.map((name) => method(name, 10)).join('')}}\n`;
    const files = [outlined('foo.ts', source), outlined('small.ts', fn('s', 2))];
    const { chunks } = await chunkFiles(files, optionsFor('semantic', 400), renderer, counter, {
      sourceName: 'demo',
    });
    checkChunks(chunks, files, {
      limit: 400,
      allowOverlap: false,
      isBoundary: (file, offset) => isSyntaxBoundary(file.outline?.nodes ?? [], offset),
    });
    const parts = chunks
      .flatMap((chunk) => chunk.pieces)
      .filter((piece) => piece.path === 'foo.ts');
    expect(parts.length).toBeGreaterThan(2);
    for (const piece of parts) expect(piece.context).toEqual(['class Foo']);
    const first = chunks[0]?.text ?? '';
    expect(first).toContain(`part 1 of ${parts.length}`);
    expect(first).toContain('Context: class Foo\n');
  });

  it('re-plans a chunk that renders larger than priced, keeping the context', async () => {
    const quoting = {
      ...renderer,
      renderChunk: (
        chunk: Parameters<typeof renderer.renderChunk>[0],
        context: Parameters<typeof renderer.renderChunk>[1],
      ) => renderer.renderChunk(chunk, context).replace(/^/gm, '> quoted: '),
      renderChunkSegments: undefined,
    };
    const source = `class Foo {\n${['a', 'b', 'c'].map((name) => method(name, 30)).join('')}}\n`;
    const files = [outlined('foo.ts', source)];
    const { chunks } = await chunkFiles(files, optionsFor('semantic', 600), quoting, counter, {
      sourceName: 'demo',
    });
    checkChunks(chunks, files, {
      limit: 600,
      allowOverlap: false,
      isBoundary: (file, offset) => isSyntaxBoundary(file.outline?.nodes ?? [], offset),
    });
    for (const piece of chunks.flatMap((chunk) => chunk.pieces)) {
      expect(piece.context?.[0]).toBe('class Foo');
    }
  });
});
