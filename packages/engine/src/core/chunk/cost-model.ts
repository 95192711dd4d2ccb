import type { ResolvedOptions } from '../../config/options.js';
import { lacksFinalNewline } from '../render/labels.js';
import type { PieceBodies } from '../render/piece-bodies.js';
import type { ChunkRenderContext, FormatRenderer } from '../render/renderer.js';
import { isWordEnd, lastWordEnd } from '../tokens/clean-joins.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Chunk, ChunkPiece, ProcessedFile } from '../types.js';
import { buildChunks, pieceLevel } from './build-chunks.js';
import { at, lineStartsOf } from './line-index.js';
import { priceLines } from './line-prices.js';
import type { LinePriceMemo } from './line-price-memo.js';
import type { ChunkCostModel, PlannedSpan } from './strategy.js';

/**
 * Slack added to every piece's measured wrapper: the wrapper is measured around empty content,
 * and joining it to real content can cost a token or two (a newline before the closing fence, a
 * separator between pieces). Cheaper than a re-plan.
 */
const PIECE_MARGIN = 2;
/** The same slack for the context line, measured apart from the rest of the piece wrapper. */
const CONTEXT_MARGIN = 1;

/** Content tokens the smallest chunk must still hold beside its wrappers (see `minimumLimit`). */
export const MIN_CONTENT_TOKENS = 16;
/**
 * Content budget a re-plan may go down to: one code point (at most 4 UTF-8 bytes, so at most 4
 * tokens). The gap to MIN_CONTENT_TOKENS is what the wrappers may cost beyond their measure (an XML
 * piece that falls back to base64 gains an attribute) while a one-code-point chunk still fits.
 */
export const MIN_REPLAN_CONTENT_TOKENS = 4;

/** Numbers larger than any real chunk index, line or part, so measured headers are worst cases. */
const WORST_INDEX = 999_999;
const WORST_LINE = 99_999_999;

export interface CostModelInput {
  readonly renderer: FormatRenderer;
  readonly counter: TokenCounter;
  readonly options: ResolvedOptions;
  readonly sourceName: string;
  /** Line prices kept from earlier runs, for a format that escapes content. */
  readonly linePrices?: LinePriceMemo;
  /** Pieces' bodies kept while the stage renders them again (see PieceBodies). */
  readonly bodies?: PieceBodies;
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
  const header = renderer.renderChunk(
    { index: WORST_INDEX, pieces: [] },
    renderContext(WORST_INDEX),
  );
  const chunkOverhead = counter.count(header);
  const countRendered = countAfterHeader(header, counter);
  const measure = (chunk: Chunk): number =>
    countRendered(renderer.renderChunk(chunk, renderContext(WORST_INDEX)));
  const bareMeasures = new Map<string, number>();
  const contextOverheads = new Map<string, number>();
  const openEndOverheads = new Map<string, number>();
  const linePrices = new WeakMap<ProcessedFile, Uint32Array>();

  const lineStarts = (file: ProcessedFile): Uint32Array => lineStartsOf(file);

  const worstPiece = (file: ProcessedFile): ChunkPiece => {
    const level = pieceLevel(file);
    const piece: ChunkPiece = {
      path: file.path,
      language: file.language,
      startLine: WORST_LINE,
      endLine: WORST_LINE,
      part: WORST_INDEX,
      partCount: WORST_INDEX,
      content: '',
      startsOnBoundary: false,
      endsOnBoundary: false,
    };
    return level === undefined ? piece : { ...piece, level };
  };

  /** Tokens of a chunk holding one empty worst-case piece of this file. */
  const bareMeasure = (file: ProcessedFile): number => {
    const key = `${file.language}\u0000${file.path}\u0000${file.level ?? ''}`;
    let measured = bareMeasures.get(key);
    if (measured === undefined) {
      measured = measure({ index: WORST_INDEX, pieces: [worstPiece(file)] });
      bareMeasures.set(key, measured);
    }
    return measured;
  };

  // The same one-character piece with and without a final line break: the difference is what the
  // wrapper adds for an open end, plus the line break the content's price then lacks.
  const openEndOverhead = (file: ProcessedFile): number => {
    const key = `${file.language}\u0000${file.path}\u0000${file.level ?? ''}`;
    let overhead = openEndOverheads.get(key);
    if (overhead === undefined) {
      const open = measure({ index: WORST_INDEX, pieces: [{ ...worstPiece(file), content: 'x' }] });
      const closed = measure({
        index: WORST_INDEX,
        pieces: [{ ...worstPiece(file), content: 'x\n' }],
      });
      overhead = Math.max(0, open - closed + 1);
      openEndOverheads.set(key, overhead);
    }
    return overhead;
  };

  // Asked of each file by every pass (the minimum, the plan, merges): kept by file, not rebuilt
  // from its key each time.
  const pieceOverheads = new WeakMap<ProcessedFile, number>();
  const pieceOverhead = (file: ProcessedFile): number => {
    let overhead = pieceOverheads.get(file);
    if (overhead === undefined) {
      overhead =
        Math.max(0, bareMeasure(file) - chunkOverhead) +
        PIECE_MARGIN +
        (lacksFinalNewline(file.content) ? openEndOverhead(file) : 0);
      pieceOverheads.set(file, overhead);
    }
    return overhead;
  };

  // Measured like the piece wrapper: the same worst-case piece with and without the names.
  const contextOverhead = (file: ProcessedFile, context: readonly string[]): number => {
    if (context.length === 0) return 0;
    const key = `${file.language}\u0000${context.join('\u0000')}`;
    let overhead = contextOverheads.get(key);
    if (overhead === undefined) {
      const named = measure({ index: WORST_INDEX, pieces: [{ ...worstPiece(file), context }] });
      overhead = Math.max(0, named - bareMeasure(file)) + CONTEXT_MARGIN;
      contextOverheads.set(key, overhead);
    }
    return overhead;
  };

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

/**
 * Counts texts that begin as `header` does (every measured chunk renders the same chunk header
 * first): the header up to its last word end is counted once, each text only from there. A word
 * end is a pre-token boundary whatever stands around it (see isWordEnd), so the two counts add up
 * to the whole text's; a text that does not begin so is counted whole.
 */
export function countAfterHeader(header: string, counter: TokenCounter): (text: string) => number {
  const cut = lastWordEnd(header, counter.encoding);
  if (cut === 0) return (text) => counter.count(text);
  const head = header.slice(0, cut);
  const headTokens = counter.count(head);
  return (text) =>
    text.startsWith(head) && isWordEnd(text, cut, counter.encoding)
      ? headTokens + counter.count(text.slice(cut))
      : counter.count(text);
}
