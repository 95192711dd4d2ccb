import type { ResolvedOptions } from '../../config/options.js';
import { lacksFinalNewline } from '../render/labels.js';
import type { ChunkRenderContext, FormatRenderer } from '../render/renderer.js';
import { isWordEnd, lastWordEnd } from '../tokens/clean-joins.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Chunk, ChunkPiece, ProcessedFile } from '../types.js';
import { pieceLevel } from './build-chunks.js';

/**
 * Slack added to every piece's measured wrapper: the wrapper is measured around empty content,
 * and joining it to real content can cost a token or two (a newline before the closing fence, a
 * separator between pieces). Cheaper than a re-plan.
 */
const PIECE_MARGIN = 2;
/** The same slack for the context line, measured apart from the rest of the piece wrapper. */
const CONTEXT_MARGIN = 1;

/** Numbers larger than any real chunk index, line or part, so measured headers are worst cases. */
export const WORST_INDEX = 999_999;
const WORST_LINE = 99_999_999;

export interface WrapperMeasureInput {
  readonly renderer: FormatRenderer;
  readonly counter: TokenCounter;
  readonly options: ResolvedOptions;
  readonly sourceName: string;
}

/**
 * What a format's wrappers cost in tokens, measured on worst-case numbers: the chunk header, and
 * per file the piece header and fences that hold its path. Each file's are measured once, by
 * whoever asks first: the pipeline asks as each file's result arrives, while the threads still
 * process the rest, so the chunk stage finds them made.
 */
export interface WrapperMeasures {
  /** The renderer measured with: the job's (a custom one compiles its template once). */
  readonly renderer: FormatRenderer;
  /** Tokens of an empty chunk (its header). */
  readonly chunkOverhead: number;
  /**
   * Tokens of `chunk` rendered with worst-case numbers, in `context` (by default the measures'
   * own, which keeps no piece bodies).
   */
  measure(chunk: Chunk, context?: ChunkRenderContext): number;
  /** A piece's wrapper beyond the chunk header, with its margin and an open end's cost. */
  pieceOverhead(file: ProcessedFile): number;
  /** What a piece without a final line break adds (see pieceOverhead). */
  openEndOverhead(file: ProcessedFile): number;
  /** What a piece's context line naming `context` adds. */
  contextOverhead(file: ProcessedFile, context: readonly string[]): number;
}

export function createWrapperMeasures(input: WrapperMeasureInput): WrapperMeasures {
  const { renderer, counter, options, sourceName } = input;
  const worstContext: ChunkRenderContext = { sourceName, totalChunks: WORST_INDEX, options };
  const header = renderer.renderChunk({ index: WORST_INDEX, pieces: [] }, worstContext);
  const chunkOverhead = counter.count(header);
  const countRendered = countAfterHeader(header, counter);
  const measure = (chunk: Chunk, context = worstContext): number =>
    countRendered(renderer.renderChunk(chunk, context));
  const bareMeasures = new Map<string, number>();
  const openEndOverheads = new Map<string, number>();
  const contextOverheads = new Map<string, number>();
  const keyOf = (file: ProcessedFile) =>
    `${file.language}\u0000${file.path}\u0000${file.level ?? ''}`;

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
    const key = keyOf(file);
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
    const key = keyOf(file);
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

  return { renderer, chunkOverhead, measure, pieceOverhead, openEndOverhead, contextOverhead };
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
