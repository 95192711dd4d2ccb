import type { ResolvedOptions } from '../../config/options.js';
import type { PieceBodies } from '../render/piece-bodies.js';
import type { ChunkRenderContext, FormatRenderer } from '../render/renderer.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Chunk, ProcessedFile } from '../types.js';
import { buildChunks } from './build-chunks.js';
import { at, lineStartsOf } from './line-index.js';
import { priceLines } from './line-prices.js';
import type { LinePriceMemo } from './line-price-memo.js';
import type { ChunkCostModel, PlannedSpan } from './strategy.js';
import type { WrapperMeasures } from './wrapper-measures.js';
import { createWrapperMeasures, WORST_INDEX } from './wrapper-measures.js';

/** Content tokens the smallest chunk must still hold beside its wrappers (see `minimumLimit`). */
export const MIN_CONTENT_TOKENS = 16;
/**
 * Content budget a re-plan may go down to: one code point (at most 4 UTF-8 bytes, so at most 4
 * tokens). The gap to MIN_CONTENT_TOKENS is what the wrappers may cost beyond their measure (an XML
 * piece that falls back to base64 gains an attribute) while a one-code-point chunk still fits.
 */
export const MIN_REPLAN_CONTENT_TOKENS = 4;

export interface CostModelInput {
  readonly renderer: FormatRenderer;
  readonly counter: TokenCounter;
  readonly options: ResolvedOptions;
  readonly sourceName: string;
  /** Line prices kept from earlier runs, for a format that escapes content. */
  readonly linePrices?: LinePriceMemo;
  /** Pieces' bodies kept while the stage renders them again (see PieceBodies). */
  readonly bodies?: PieceBodies;
  /** Wrapper measures made while the files arrived (see WrapperMeasures), for these options. */
  readonly wrappers?: WrapperMeasures;
}

/** Measurements shared by every budget of one job: wrappers, line starts and line prices. */
export interface CostMeasurer {
  /**
   * A cost model for one token budget (the job's, or a tighter one for a re-plan). `contentScale`
   * multiplies content prices, for a re-plan of content that rendered larger than priced.
   */
  withLimit(limit: number, overlap: number, contentScale?: number): ChunkCostModel;
  /**
   * The smallest limit a strategy can plan these files with: the wrappers plus `contentTokens`
   * (MIN_CONTENT_TOKENS for a job's limit, MIN_REPLAN_CONTENT_TOKENS for a re-plan).
   */
  minimumLimit(files: readonly ProcessedFile[], contentTokens?: number): number;
  /** Offsets of a file's line starts, computed once per file. */
  lineStarts(file: ProcessedFile): Uint32Array;
  /** Token prefix sums of a file's lines as the format writes them, at contentScale 1. */
  linePrices(file: ProcessedFile): Uint32Array;
  /** The render context for a chunk. */
  renderContext(totalChunks: number): ChunkRenderContext;
}

export function createCostMeasurer(input: CostModelInput): CostMeasurer {
  const { renderer, counter, options, sourceName, bodies } = input;
  const renderContext = (totalChunks: number): ChunkRenderContext => ({
    sourceName,
    totalChunks,
    options,
    ...(bodies && { bodies }),
  });
  const wrappers = input.wrappers ?? createWrapperMeasures(input);
  const { chunkOverhead, pieceOverhead, openEndOverhead, contextOverhead } = wrappers;
  const measure = (chunk: Chunk): number => wrappers.measure(chunk, renderContext(WORST_INDEX));
  const linePrices = new WeakMap<ProcessedFile, Uint32Array>();

  const lineStarts = (file: ProcessedFile): Uint32Array => lineStartsOf(file);

  const prices = (file: ProcessedFile): Uint32Array => {
    let prefix = linePrices.get(file);
    if (!prefix) {
      // The thread that processed the file may have priced its lines in this format already.
      const priced = file.linePrices?.format === renderer.format ? file.linePrices : undefined;
      const price = () => priced?.prices ?? priceLines(file, lineStarts(file), renderer, counter);
      const memo = renderer.embedsVerbatim ? undefined : input.linePrices;
      // A verbatim format prices lines as the count stage did, known without the line starts.
      if (renderer.embedsVerbatim && file.linePrefix.length === file.lines + 1) {
        prefix = file.linePrefix;
      } else if (!memo) {
        prefix = price();
      } else if (priced?.key !== undefined) {
        prefix = memo.keep(priced.key, priced.prices);
      } else if (priced) {
        // Prices made without a key (a re-plan's slice, see replan.ts) are not kept.
        prefix = priced.prices;
      } else {
        prefix = memo.recall(renderer.format, file.content, price);
      }
      linePrices.set(file, prefix);
    }
    return prefix;
  };

  const textCost = (text: string): number => {
    if (renderer.embedsVerbatim) return counter.count(text);
    const newline = text.endsWith('\n');
    return (
      counter.count(renderer.encodeLine(newline ? text.slice(0, -1) : text)) + (newline ? 1 : 0)
    );
  };

  const spanCost: NonNullable<ChunkCostModel['spanCost']> = (file, { start, end, context }) => {
    const span: PlannedSpan = {
      file: 0,
      start,
      end,
      startsOnBoundary: false,
      endsOnBoundary: false,
      ...(context && { context }),
    };
    const piece = buildChunks([file], [{ spans: [span] }], lineStarts)[0]?.pieces[0];
    if (!piece) throw new Error('a span was built into no piece');
    return measure({
      index: WORST_INDEX,
      pieces: [{ ...piece, part: WORST_INDEX, partCount: WORST_INDEX }],
    });
  };

  return {
    renderContext,
    lineStarts,
    linePrices: prices,
    minimumLimit(files, contentTokens = MIN_CONTENT_TOKENS) {
      let widest = 0;
      for (const file of files) widest = Math.max(widest, pieceOverhead(file));
      return chunkOverhead + widest + contentTokens;
    },
    withLimit(limit, overlap, contentScale = 1) {
      const scaled = (tokens: number): number =>
        contentScale === 1 ? tokens : Math.ceil(tokens * contentScale);
      return {
        limit,
        overlap,
        chunkOverhead,
        pieceOverhead,
        openEndOverhead,
        contextOverhead,
        lineStarts,
        textCost: (text) => scaled(textCost(text)),
        ...(renderer.embedsVerbatim &&
          contentScale === 1 && {
            fitText: (text, budget, after) => counter.fitPrefix(text, budget, after),
          }),
        linesCost(file, startLine, endLine) {
          const prefix = prices(file);
          return scaled(at(prefix, endLine) - at(prefix, startLine));
        },
        spanCost,
      };
    },
  };
}
