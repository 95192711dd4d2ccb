import type { ChunkingStrategyName } from '../../config/options.js';
import type { Chunk, ProcessedFile } from '../types.js';

/**
 * Prices pieces of files as they will be rendered, so that a strategy can pack chunks without
 * rendering them. Costs are upper-bound estimates; the chunk stage still renders and counts every
 * chunk exactly and re-plans the rare chunk that comes out over the limit.
 */
export interface ChunkCostModel {
  /** The token budget of one chunk, as rendered. */
  readonly limit: number;
  /** Overlap in tokens between consecutive windows (`fixed` only). */
  readonly overlap: number;
  /** Tokens of an empty chunk's wrapper (chunk header and footer). */
  readonly chunkOverhead: number;
  /** Tokens of a piece's wrapper (file header, fence) for this file. */
  pieceOverhead(file: ProcessedFile): number;
  /** Tokens of lines [startLine, endLine) (0-based, end exclusive) of a file, as rendered. */
  linesCost(file: ProcessedFile, startLine: number, endLine: number): number;
}

/** A chunking strategy: a pure planner from processed files to chunks. */
export interface ChunkStrategy {
  readonly name: ChunkingStrategyName;
  plan(files: readonly ProcessedFile[], cost: ChunkCostModel): Chunk[];
}
