import { afterAll, describe, expect, it } from 'vitest';
import type { ChunkingStrategyName } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import { chunkFiles } from '../chunk/chunk-files.js';
import { outlineFromBraces } from '../chunk/test-support/outline-from-braces.js';
import { makeOutlinedFile } from '../chunk/test-support/plan-checks.js';
import { createTiktokenCounter } from '../chunk/test-support/tiktoken-counter.js';
import { getRenderer } from '../render/index.js';
import type { ChunkPiece, ProcessedFile, RenderedChunk } from '../types.js';
import { analyzeChunks } from './analyze-chunks.js';
import { createNodeFit } from './node-fit.js';
import { judgeCuts } from './judge-cuts.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());
const renderer = getRenderer('md');

function fn(name: string, count: number): string {
  const body = Array.from({ length: count }, (_, i) => `  step(${i}, "${name}");\n`);
  return `function ${name}() {\n${body.join('')}}\n`;
}

function outlined(path: string, content: string): ProcessedFile {
  return makeOutlinedFile(counter, path, content, outlineFromBraces(content));
}

async function analyze(files: ProcessedFile[], strategy: ChunkingStrategyName, limit: number) {
  const options = { ...resolveOptions({ chunkingStrategy: strategy }), tokenLimit: limit };
  const { chunks, costModel } = await chunkFiles(files, options, renderer, counter, {
    sourceName: 'demo',
  });
  return { chunks, analytics: analyzeChunks(chunks, files, options, costModel) };
}

describe('analytics with syntax outlines', () => {
  const source = Array.from({ length: 16 }, (_, i) => fn(`f${i}`, 6 + (i % 5) * 3)).join('\n');
  const files = [outlined('a.ts', source), outlined('b.ts', fn('small', 3))];

  it('semantic: every cut between definitions, none cut in two', async () => {
    const { chunks, analytics } = await analyze(files, 'semantic', 400);
    expect(chunks.length).toBeGreaterThan(2);
    expect(analytics).toMatchObject({
      strategy: 'semantic',
      boundary_score: 100,
      context_score: 100,
      split_definitions: 0,
      outlined_files: 2,
    });
    expect(analytics.suggestions.some((item) => item.title.includes('cut in two'))).toBe(false);
  });

  it('fixed: counts the definitions its windows cut in two and suggests semantic', async () => {
    const { analytics } = await analyze(files, 'fixed', 400);
    expect(analytics.split_definitions).toBeGreaterThan(0);
    expect(analytics.context_score).toBeLessThan(100);
    const split = analytics.suggestions.find((item) => item.title.endsWith('cut in two'));
    expect(split).toMatchObject({
      type: 'improvement',
      title: `${analytics.split_definitions} definitions were cut in two`,
      recommendation:
        'Raise the token limit to 32,000 or use semantic, which keeps every definition that fits a chunk whole.',
    });
    expect(split?.description).toMatch(/^a\.ts: function f\d+ \(lines \d+-\d+\)/);
  });

  it('reports definitions larger than a chunk and the limit that would hold them', async () => {
    const big = [outlined('big.ts', `${fn('huge', 200)}\n${fn('tiny', 2)}`)];
    const { analytics } = await analyze(big, 'semantic', 600);
    expect(analytics.split_definitions).toBe(0);
    const oversized = analytics.suggestions.find((item) => item.title.includes('larger than'));
    expect(oversized).toMatchObject({
      type: 'improvement',
      title: '1 definition is larger than a chunk',
      recommendation: 'Raise the token limit to 32,000 to keep it whole.',
    });
    expect(oversized?.description).toContain('big.ts: function huge (lines 1-202)');
  });
});

describe('judgeCuts', () => {
  const content = `${fn('a', 3)}${fn('b', 3)}`;
  const file = outlined('x.ts', content);
  const cut = content.indexOf('function b');

  function piece(from: number, to: number, part: number): ChunkPiece {
    const line = (offset: number) => content.slice(0, offset).split('\n').length;
    return {
      path: 'x.ts',
      language: 'typescript',
      startLine: line(from),
      endLine: line(to - 1),
      part,
      partCount: 2,
      content: content.slice(from, to),
      startsOnBoundary: from === 0,
      endsOnBoundary: to === content.length,
    };
  }

  function chunksCutAt(offset: number): RenderedChunk[] {
    return [
      {
        index: 1,
        fileName: 'c1',
        text: '',
        textParts: () => [''],
        tokens: 50,
        pieces: [piece(0, offset, 1)],
      },
      {
        index: 2,
        fileName: 'c2',
        text: '',
        textParts: () => [''],
        tokens: 50,
        pieces: [piece(offset, content.length, 2)],
      },
    ];
  }

  it('counts a line-end cut between two definitions as a boundary, whatever the strategy said', () => {
    const chunks = chunksCutAt(cut);
    const report = judgeCuts(chunks, [file], createNodeFit(1000, chunks, [file], undefined));
    expect(report).toMatchObject({
      edges: 2,
      onBoundary: 2,
      wholeChunks: 2,
      splitDefinitions: [],
      outlinedFiles: 1,
    });
  });

  it('a cut inside a definition that fits is no boundary and splits it', () => {
    const inside = content.indexOf('  step(1, "a")');
    const chunks = chunksCutAt(inside);
    const report = judgeCuts(chunks, [file], createNodeFit(1000, chunks, [file], undefined));
    expect(report).toMatchObject({ onBoundary: 0, innerCuts: 1, innerCutsOnBoundary: 0 });
    expect(report.splitDefinitions.map((item) => item.name)).toEqual(['function a']);
    expect(report.wholeChunks).toBe(0);
    // With a budget `a` does not fit in, cutting it between two statements is the right cut.
    const tight = judgeCuts(chunks, [file], createNodeFit(10, chunks, [file], undefined));
    expect(tight).toMatchObject({ onBoundary: 2, innerCutsOnBoundary: 1, splitDefinitions: [] });
    expect(tight.oversizedDefinitions.map((item) => item.name)).toEqual(['function a']);
  });

  it('a cut inside a one-line statement is no boundary, even in a definition too large', () => {
    const inside = content.indexOf('step(1, "a")') + 4;
    const chunks = chunksCutAt(inside);
    const report = judgeCuts(chunks, [file], createNodeFit(10, chunks, [file], undefined));
    expect(report).toMatchObject({ onBoundary: 0, innerCuts: 1, innerCutsOnBoundary: 0 });
  });

  it('without outlines, only file boundaries count', () => {
    const plain: ProcessedFile = { ...file, outline: undefined };
    const chunks = chunksCutAt(cut);
    const report = judgeCuts(chunks, [plain], createNodeFit(1000, chunks, [plain], undefined));
    expect(report).toMatchObject({ onBoundary: 0, wholeChunks: 0, outlinedFiles: 0 });
  });
});
