import type { ChunkingStrategyName } from '../../config/options.js';
import type { ProcessedFile } from '../types.js';

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
  /**
   * Tokens of a piece's wrapper (file header, fence) for this file; for a file whose content does
   * not end with a line break, its `openEndOverhead` included (its last piece says so).
   */
  pieceOverhead(file: ProcessedFile): number;
  /**
   * Tokens a piece's wrapper gains when its content does not end with a line break, as when it is
   * cut inside a line: md and txt say `no final newline` and write a line break of their own.
   */
  openEndOverhead(file: ProcessedFile): number;
  /**
   * Tokens a piece's wrapper gains when it names enclosing definitions (`PlannedSpan.context`);
   * 0 for an empty context. Optional: a strategy without it estimates.
   */
  contextOverhead?(file: ProcessedFile, context: readonly string[]): number;
  /** Tokens of lines [startLine, endLine) (0-based, end exclusive) of a file, as rendered. */
  linesCost(file: ProcessedFile, startLine: number, endLine: number): number;
  /**
   * Tokens of a fragment of one line (it may end with that line's "\n"), as rendered. This one
   * tokenizes, so strategies call it only for lines too long to take whole.
   */
  textCost(text: string): number;
  /**
   * For formats that embed content verbatim: the longest prefix of a line fragment costing at
   * most `budget`, cut between pre-tokens, in one tokenizer pass. Undefined for other formats.
   */
  readonly fitText?: (
    text: string,
    budget: number,
    after?: { length: number; tokens: number },
  ) => { length: number; tokens: number };
  /**
   * Offsets of the line starts of a file's content: `lines + 1` entries, the last one is
   * `content.length`. Computed once per file.
   */
  lineStarts(file: ProcessedFile): Uint32Array;
  /**
   * Exact tokens of a chunk holding content[start, end) of `file` alone (with the enclosing
   * names `context`), numbered as the prices assume: the highest chunk and part numbers. It
   * renders and counts, so it checks a price after planning rather than serving the planner.
   * Optional: a model without it has only its prices.
   */
  spanCost?(
    file: ProcessedFile,
    span: { readonly start: number; readonly end: number; readonly context?: readonly string[] },
  ): number;
}

/**
 * A contiguous range of one file's content in a planned chunk, as UTF-16 offsets into
 * `files[file].content`. Strategies cut at line ends; only a line longer than a whole chunk is cut
 * inside (never between the two halves of a surrogate pair).
 */
export interface PlannedSpan {
  /** Index into the `files` the strategy was given. */
  readonly file: number;
  readonly start: number;
  readonly end: number;
  /** The cut before (after) this span is a file boundary, or a syntax boundary the strategy found. */
  readonly startsOnBoundary: boolean;
  readonly endsOnBoundary: boolean;
  /** Enclosing definitions, outermost first, when the strategy knows them. */
  readonly context?: readonly string[];
}

export interface PlannedChunk {
  readonly spans: readonly PlannedSpan[];
}

/**
 * A chunking strategy: a pure planner from processed files to chunks. The chunk stage numbers the
 * parts, renders, verifies, and calls `plan` again on the spans of a chunk that came out too big
 * (with a tighter `cost.limit`), so a strategy must accept file contents that start or end in the
 * middle of a line.
 */
export interface ChunkStrategy {
  readonly name: ChunkingStrategyName;
  plan(files: readonly ProcessedFile[], cost: ChunkCostModel): PlannedChunk[];
}
