import type { FormatRenderer } from '../render/renderer.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Chunk, ProcessedFile } from '../types.js';
import { buildChunks } from './build-chunks.js';
import { countBySegments, recountFrom } from './count-chunk.js';
import type { EarlierRendering } from './count-chunk.js';
import { renderChunkParts, renderChunkText } from './render-chunk-text.js';
import type { CostMeasurer } from './cost-model.js';
import { isLineEnd, lineAt } from './line-index.js';
import type { ChunkCostModel, PlannedSpan } from './strategy.js';

/** A chunk that fits, with its exact token count as rendered. */
export interface FittingChunk {
  readonly spans: readonly PlannedSpan[];
  readonly tokens: number;
}

/** A chunk after merging: one of the input chunks unchanged (its position), or merged spans. */
export type MergedChunk =
  | { readonly kept: number }
  | {
      readonly spans: readonly PlannedSpan[];
      /** Renders it with the numbers of the pass that merged it; its `tokens` count that text. */
      readonly rendering: EarlierRendering;
    };

export interface MergeInput {
  readonly files: readonly ProcessedFile[];
  readonly limit: number;
  /** The job's cost model: its prices bound what a merged chunk can cost at least. */
  readonly cost: ChunkCostModel;
  readonly measurer: CostMeasurer;
  readonly renderer: FormatRenderer;
  readonly counter: TokenCounter;
  /**
   * Candidates rendered by earlier passes, by their spans: a later pass renders the same merged
   * chunk with other numbers, and counts only what changed.
   */
  readonly rendered: Map<string, EarlierRendering>;
}

/**
 * Next-fit over finished chunks: walking them in order, a chunk absorbs the next one whenever the
 * two, rendered as one chunk, fit the limit, and the result may absorb the one after. Strategies
 * plan on upper-bound prices and a re-plan splits an over-limit chunk into parts that can leave a
 * small remainder, so the plan alone leaves neighbours that fit together.
 *
 * Merging the second chunk into the first drops what the first already holds (the lines a fixed
 * window repeats from the previous one), and a file continuing across the two becomes one piece
 * carrying the enclosing names both pieces share. No cut is added, so no syntax boundary is lost.
 *
 * A candidate is rendered and counted exactly, numbered as in an output one chunk shorter than the
 * chunks so far; the caller renders the result again with its final numbering, and calls this again
 * until nothing merges. Pairs that cannot fit by their known counts are never rendered. Returns
 * undefined when no two neighbours fit together.
 */
export function mergeNeighbours(
  chunks: readonly FittingChunk[],
  input: MergeInput,
): MergedChunk[] | undefined {
  const first = chunks[0];
  if (!first) return undefined;
  const partCounts = new Map<number, number>();
  for (const chunk of chunks) addParts(partCounts, chunk.spans, 1);
  const partsBefore = new Map<number, number>();
  const out: MergedChunk[] = [];
  let current: Current = { spans: first.spans, tokens: first.tokens, kept: 0 };
  let merges = 0;

  for (let position = 1; position < chunks.length; position++) {
    const next = chunks[position] as FittingChunk;
    const spans = mergeSpans(current.spans, next.spans);
    let rendered: EarlierRendering = { render: () => '', tokens: Number.POSITIVE_INFINITY };
    if (lowerBound(current, next, spans, input) <= input.limit) {
      const removed = new Map<number, number>();
      addParts(removed, [...current.spans, ...next.spans], 1);
      addParts(removed, spans, -1);
      const chunk = labelled(spans, out.length + 1, partsBefore, partCounts, removed, input);
      rendered = countChunk(chunk, spans, chunks.length - merges - 1, input);
      if (rendered.tokens <= input.limit) {
        for (const [file, count] of removed)
          partCounts.set(file, (partCounts.get(file) ?? 0) - count);
      }
    }
    if (rendered.tokens <= input.limit) {
      current = { spans, rendering: rendered, tokens: rendered.tokens };
      merges++;
    } else {
      out.push(finished(current));
      addParts(partsBefore, current.spans, 1);
      current = { spans: next.spans, tokens: next.tokens, kept: position };
    }
  }
  out.push(finished(current));
  return merges > 0 ? out : undefined;
}

/** The chunk being grown: an input chunk as it was (its position), or merged and rendered. */
type Current = { readonly spans: readonly PlannedSpan[]; readonly tokens: number } & (
  { readonly kept: number } | { readonly rendering: EarlierRendering }
);

function finished(chunk: Current): MergedChunk {
  return 'kept' in chunk
    ? { kept: chunk.kept }
    : { spans: chunk.spans, rendering: chunk.rendering };
}

/**
 * The first chunk's spans, then the second's without what the first already holds, nor what
 * comes before it: a window may open by repeating a file the first chunk had already left (its
 * overlap reaches back past a chunk a re-plan split off), and kept, that file would stand after a
 * later one. A span that continues the first chunk's last one joins it into one piece.
 */
export function mergeSpans(
  left: readonly PlannedSpan[],
  right: readonly PlannedSpan[],
): PlannedSpan[] {
  const reached = new Map<number, number>();
  for (const span of left) reached.set(span.file, Math.max(reached.get(span.file) ?? 0, span.end));
  const lastFile = left.at(-1)?.file ?? -1;
  const spans = [...left];
  for (const span of right) {
    if (span.file < lastFile) continue;
    const end = reached.get(span.file);
    if (end !== undefined && end >= span.end) continue;
    const own =
      end === undefined || end <= span.start
        ? span
        : { ...span, start: end, startsOnBoundary: false };
    const last = spans.at(-1);
    if (last && last.file === own.file && last.end === own.start) {
      const joined: PlannedSpan = {
        file: last.file,
        start: last.start,
        end: own.end,
        startsOnBoundary: last.startsOnBoundary,
        endsOnBoundary: own.endsOnBoundary,
      };
      const context = sharedNames(last.context, own.context);
      spans[spans.length - 1] = context ? { ...joined, context } : joined;
    } else {
      spans.push(own);
    }
  }
  return spans;
}

/** The outermost names two contexts share: those enclosing both pieces. */
function sharedNames(
  left: readonly string[] | undefined,
  right: readonly string[] | undefined,
): readonly string[] | undefined {
  if (!left || !right) return undefined;
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length++;
  return length === 0 ? undefined : left.slice(0, length);
}

/**
 * Tokens the merged chunk costs at least, from what is known without rendering it: the first
 * chunk, plus the whole lines of the second's own content at the cost model's prices; or, when the
 * second repeats nothing, both chunks less one chunk wrapper. Either way less the piece wrappers
 * the merge removes (measured as worst cases). Slack covers what these prices cannot see.
 */
function lowerBound(
  left: FittingChunk,
  right: FittingChunk,
  merged: readonly PlannedSpan[],
  input: MergeInput,
): number {
  const { cost, files } = input;
  // Formats do not render content additively (yaml turns a block literal into a quoted string
  // when either half needs escapes; escaped runs join differently): a generous margin, since
  // a well-filled chunk beside a remainder is above it.
  const slack = 32 + Math.ceil(input.limit / 100);
  const reached = new Map<number, number>();
  for (const span of left.spans)
    reached.set(span.file, Math.max(reached.get(span.file) ?? 0, span.end));
  let content = 0;
  let repeats = false;
  for (const span of right.spans) {
    const file = files[span.file] as ProcessedFile;
    const start = Math.max(span.start, reached.get(span.file) ?? 0);
    if (start > span.start) repeats = true;
    if (start >= span.end) continue;
    const [first, last] = wholeLines(file, start, span.end, cost);
    if (last > first) content += cost.linesCost(file, first, last);
  }
  // A piece that joins its neighbour loses a wrapper, and its part label may go with it.
  const joins = left.spans.length + right.spans.length - merged.length;
  const joined = right.spans[0];
  const joinedFile = joined ? files[joined.file] : undefined;
  // The joined piece keeps only the names both halves share: the left half's may go too.
  const wrapper = joinedFile
    ? cost.pieceOverhead(joinedFile) +
      (cost.contextOverhead?.(joinedFile, joined?.context ?? []) ?? 0) +
      (cost.contextOverhead?.(joinedFile, left.spans.at(-1)?.context ?? []) ?? 0) +
      cost.openEndOverhead(joinedFile)
    : 0;
  let bound = left.tokens + content - joins * wrapper;
  if (!repeats) {
    bound = Math.max(bound, left.tokens + right.tokens - cost.chunkOverhead - joins * wrapper);
  }
  return bound - slack;
}

/** The merged chunk, numbered and labelled as it would be in the output. */
function labelled(
  spans: readonly PlannedSpan[],
  index: number,
  partsBefore: ReadonlyMap<number, number>,
  partCounts: ReadonlyMap<number, number>,
  removed: ReadonlyMap<number, number>,
  input: MergeInput,
): Chunk {
  const [built] = buildChunks(input.files, [{ spans }], input.measurer.lineStarts);
  if (!built) throw new Error('a merged chunk was not built');
  const seen = new Map<number, number>();
  return {
    index,
    pieces: built.pieces.map((piece, position) => {
      const file = (spans[position] as PlannedSpan).file;
      const part = (partsBefore.get(file) ?? 0) + (seen.get(file) ?? 0) + 1;
      seen.set(file, (seen.get(file) ?? 0) + 1);
      return {
        ...piece,
        part,
        partCount: (partCounts.get(file) ?? 0) - (removed.get(file) ?? 0),
      };
    }),
  };
}

/** Exact tokens of a chunk as rendered among `total` chunks. */
function countChunk(
  chunk: Chunk,
  spans: readonly PlannedSpan[],
  total: number,
  input: MergeInput,
): EarlierRendering {
  const { renderer, counter, measurer } = input;
  const context = measurer.renderContext(total);
  const segments = renderer.renderChunkSegments?.(chunk, context);
  let joined: string | undefined;
  const text = () =>
    (joined ??= segments ? segments.join('') : renderer.renderChunk(chunk, context));
  const key = spans.map((span) => `${span.file}:${span.start}-${span.end}`).join(',');
  const earlier = input.rendered.get(key);
  let tokens = earlier && recountFrom(earlier, segments, text, counter);
  if (tokens === undefined && segments) {
    const texts: string[] = [];
    const { known, pending } = countBySegments(
      segments,
      spans,
      input.files,
      measurer.lineStarts,
      counter,
      texts,
      renderer.embedsVerbatim,
    );
    tokens = pending.reduce((sum, index) => sum + counter.count(texts[index] ?? ''), known);
  }
  tokens ??= counter.count(text());
  // The text is let go: the winner is rendered again with its final numbers.
  const rendering: EarlierRendering = {
    render: () => renderChunkText(renderer, chunk, context),
    ...(segments && { segments: () => renderChunkParts(renderer, chunk, context) }),
    tokens,
  };
  input.rendered.set(key, rendering);
  return rendering;
}

function addParts(counts: Map<number, number>, spans: readonly { file: number }[], sign: number) {
  for (const span of spans) counts.set(span.file, (counts.get(span.file) ?? 0) + sign);
}

/** The whole lines within [start, end) of a file, as [first, last); a whole file's need no line starts. */
function wholeLines(
  file: ProcessedFile,
  start: number,
  end: number,
  cost: ChunkCostModel,
): [number, number] {
  if (start === 0 && end === file.content.length) return [0, file.lines];
  const starts = cost.lineStarts(file);
  const first = isLineEnd(starts, start) ? lineAt(starts, start) : lineAt(starts, start) + 1;
  const last = isLineEnd(starts, end) ? lineAt(starts, end) : lineAt(starts, end);
  return [first, last];
}
