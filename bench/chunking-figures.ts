// Chunking figures of one set of processed files under one strategy and limit (bench/chunking.ts).
import type { ChunkingStrategyName } from '../packages/engine/src/config/options.js';
import { resolveOptions } from '../packages/engine/src/config/options.js';
import { analyzeChunks } from '../packages/engine/src/core/analyze/analyze-chunks.js';
import { createNodeFit } from '../packages/engine/src/core/analyze/node-fit.js';
import { judgeCuts } from '../packages/engine/src/core/analyze/judge-cuts.js';
import { chunkFiles } from '../packages/engine/src/core/chunk/chunk-files.js';
import type { FormatRenderer } from '../packages/engine/src/core/render/renderer.js';
import type { TokenCounter } from '../packages/engine/src/core/tokens/token-counter.js';
import type { ProcessedFile } from '../packages/engine/src/core/types.js';

export interface ChunkingFigures {
  readonly strategy: ChunkingStrategyName;
  readonly limit: number;
  readonly files: number;
  readonly chunks: number;
  /** Mean chunk tokens / limit, percent (utilization). */
  readonly utilization: number;
  /** boundary_score: chunk cuts on a file or syntax boundary, percent. */
  readonly boundaryScore: number;
  readonly contextScore: number;
  /**
   * Chunk cuts that fall inside a file, and the share of those on a syntax boundary (between
   * nodes, splitting no node that would have fit: `judgeCuts`).
   */
  readonly innerCuts: number;
  readonly innerCutsOnSyntax: number;
  /** Inner cuts off boundaries, and of those, the ones inside a line longer than a chunk. */
  readonly innerCutsOffBoundary: number;
  readonly innerCutsInLine: number;
  /** Definitions that fit a chunk but no chunk holds whole. */
  readonly splitDefinitions: number;
  /** Definitions larger than a chunk (cut by necessity). */
  readonly oversizedDefinitions: number;
  /** Wall time of the chunk stage (plan, render, exact count, re-plan). */
  readonly chunkSeconds: number;
}

export interface ChunkingTools {
  readonly renderer: FormatRenderer;
  readonly counter: TokenCounter;
}

/** Runs the chunk stage on `files` as one job and judges the result. */
export async function measureChunking(
  files: readonly ProcessedFile[],
  strategy: ChunkingStrategyName,
  limit: number,
  tools: ChunkingTools,
): Promise<ChunkingFigures> {
  const options = { ...resolveOptions({ chunkingStrategy: strategy }), tokenLimit: limit };
  const started = performance.now();
  const { chunks, costModel } = await chunkFiles(files, options, tools.renderer, tools.counter, {
    sourceName: 'bench',
  });
  const chunkSeconds = (performance.now() - started) / 1000;
  const analytics = analyzeChunks(chunks, files, options, costModel);
  const cuts = judgeCuts(chunks, files, createNodeFit(limit, chunks, files, costModel));
  return {
    strategy,
    limit,
    files: files.length,
    chunks: chunks.length,
    utilization: analytics.utilization,
    boundaryScore: analytics.boundary_score,
    contextScore: analytics.context_score,
    innerCuts: cuts.innerCuts,
    innerCutsOnSyntax:
      cuts.innerCuts === 0 ? 100 : round((cuts.innerCutsOnBoundary / cuts.innerCuts) * 100),
    innerCutsOffBoundary: cuts.innerCuts - cuts.innerCutsOnBoundary,
    innerCutsInLine: cuts.innerCutsInLine,
    splitDefinitions: analytics.split_definitions,
    oversizedDefinitions: cuts.oversizedDefinitions.length,
    chunkSeconds,
  };
}

/** Files a grammar parsed without errors (the set the figures are about). */
export function parsedFiles(files: readonly ProcessedFile[]): ProcessedFile[] {
  return files.filter(
    (file) =>
      file.outline !== undefined && !file.outline.hasErrors && file.outline.nodes.length > 0,
  );
}

/** Files whose content alone is over the limit: they must be split by any strategy. */
export function filesLargerThan(files: readonly ProcessedFile[], limit: number): ProcessedFile[] {
  return files.filter((file) => file.tokens > limit);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
