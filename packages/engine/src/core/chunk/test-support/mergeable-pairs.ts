// Test support only (imported by *.test.ts): neighbouring chunks that would fit as one chunk.
import type { FormatRenderer } from '../../render/renderer.js';
import type { ResolvedOptions } from '../../../config/options.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import type { ChunkPiece, ProcessedFile, RenderedChunk } from '../../types.js';
import { buildChunks } from '../build-chunks.js';
import { computeLineStarts } from '../line-index.js';
import type { PlannedSpan } from '../strategy.js';

export interface MergeablePair {
  /** 1-based index of the first chunk of the pair. */
  readonly index: number;
  readonly tokens: readonly [number, number];
  /** Tokens of the two as one chunk, as rendered in the output where it replaces them. */
  readonly merged: number;
}

/**
 * Every pair of consecutive chunks that, merged into one, renders within `limit`. The merged chunk
 * holds the first chunk's pieces, then the second's without what the first already holds (the
 * overlap a fixed window repeats); a file continuing across the two becomes one piece, carrying the
 * enclosing names both pieces share. It is numbered and labelled as in an output with one chunk
 * fewer, rendered by the real renderer and counted by the real tokenizer.
 */
export function mergeablePairs(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
  limit: number,
  tools: {
    renderer: FormatRenderer;
    counter: TokenCounter;
    options: ResolvedOptions;
    sourceName: string;
  },
): MergeablePair[] {
  const byPath = new Map(files.map((file, index) => [file.path, index]));
  const plan = chunks.map((chunk) => ({
    spans: chunk.pieces.map((piece) => spanOf(piece, byPath)),
  }));
  const starts = new WeakMap<ProcessedFile, Uint32Array>();
  const lineStarts = (file: ProcessedFile) => {
    let found = starts.get(file);
    if (!found) starts.set(file, (found = computeLineStarts(file.content)));
    return found;
  };
  // Parts of each file before each chunk, and in all: the merged chunk's labels follow from them.
  const partsBefore: Map<number, number>[] = [];
  const partCounts = new Map<number, number>();
  for (const chunk of plan) {
    partsBefore.push(new Map(partCounts));
    for (const span of chunk.spans) partCounts.set(span.file, (partCounts.get(span.file) ?? 0) + 1);
  }
  const found: MergeablePair[] = [];
  for (let first = 0; first + 1 < plan.length; first++) {
    const left = plan[first]?.spans ?? [];
    const right = plan[first + 1]?.spans ?? [];
    const merged = mergeSpans(left, right);
    const [built] = buildChunks(files, [{ spans: merged }], lineStarts);
    if (!built) throw new Error(`no chunk ${first + 1}`);
    // Spans the merge removed (joined or repeated) leave their file with fewer parts.
    const removed = new Map<number, number>();
    for (const span of [...left, ...right])
      removed.set(span.file, (removed.get(span.file) ?? 0) + 1);
    for (const span of merged) removed.set(span.file, (removed.get(span.file) ?? 0) - 1);
    const seen = new Map<number, number>();
    const chunk = {
      index: first + 1,
      pieces: built.pieces.map((piece, position) => {
        const file = (merged[position] as PlannedSpan).file;
        const part = (partsBefore[first]?.get(file) ?? 0) + (seen.get(file) ?? 0) + 1;
        seen.set(file, (seen.get(file) ?? 0) + 1);
        const partCount = (partCounts.get(file) ?? 0) - (removed.get(file) ?? 0);
        return { ...piece, part, partCount };
      }),
    };
    const total = plan.length - 1;
    const text = tools.renderer.renderChunk(chunk, {
      sourceName: tools.sourceName,
      totalChunks: total,
      options: tools.options,
    });
    const tokens = tools.counter.count(text);
    if (tokens <= limit) {
      found.push({
        index: first + 1,
        tokens: [chunks[first]?.tokens ?? 0, chunks[first + 1]?.tokens ?? 0],
        merged: tokens,
      });
    }
  }
  return found;
}

function spanOf(piece: ChunkPiece, byPath: ReadonlyMap<string, number>): PlannedSpan {
  const file = byPath.get(piece.path);
  if (file === undefined || piece.offset === undefined)
    throw new Error(`no span for ${piece.path}`);
  const span: PlannedSpan = {
    file,
    start: piece.offset,
    end: piece.offset + piece.content.length,
    startsOnBoundary: piece.startsOnBoundary,
    endsOnBoundary: piece.endsOnBoundary,
  };
  return piece.context ? { ...span, context: piece.context } : span;
}

function mergeSpans(left: readonly PlannedSpan[], right: readonly PlannedSpan[]): PlannedSpan[] {
  const reached = new Map<number, number>();
  for (const span of left) reached.set(span.file, Math.max(reached.get(span.file) ?? 0, span.end));
  const spans = [...left];
  for (const span of right) {
    const end = reached.get(span.file);
    const own =
      end === undefined || end <= span.start
        ? span
        : { ...span, start: end, startsOnBoundary: false };
    if (own.end <= own.start && end !== undefined) continue;
    const last = spans.at(-1);
    if (last && last.file === own.file && last.end === own.start) {
      const context = sharedNames(last.context, own.context);
      const joined: PlannedSpan = {
        file: last.file,
        start: last.start,
        end: own.end,
        startsOnBoundary: last.startsOnBoundary,
        endsOnBoundary: own.endsOnBoundary,
      };
      spans[spans.length - 1] = context ? { ...joined, context } : joined;
    } else {
      spans.push(own);
    }
  }
  return spans;
}

function sharedNames(
  left: readonly string[] | undefined,
  right: readonly string[] | undefined,
): readonly string[] | undefined {
  if (!left || !right) return undefined;
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length++;
  return length === 0 ? undefined : left.slice(0, length);
}
