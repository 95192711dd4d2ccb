// Test support only (imported by *.test.ts): the guarantees of the chunk stage, as assertions.
import type { ProcessedFile, RenderedChunk } from '../../types.js';
import { computeLineStarts, isLineEnd, lineAt } from '../line-index.js';
import type { ChunkCostModel } from '../strategy.js';

export interface CheckOptions {
  readonly limit: number;
  /** Fixed windows may repeat trailing lines; file_based never repeats anything. */
  readonly allowOverlap: boolean;
  /** When given, repeated lines per window boundary must cost at most `overlap` by this model. */
  readonly cost?: ChunkCostModel;
  readonly overlap?: number;
  /** Cuts inside a file that count as boundaries (syntax boundaries); default none. */
  readonly isBoundary?: (file: ProcessedFile, offset: number) => boolean;
}

/**
 * Throws on the first broken guarantee: a chunk over the limit, a file whose pieces do not join back
 * to its content byte for byte (overlap repeats aside), a missing file, wrong line numbers or part
 * labels, pieces out of order, a cut inside a surrogate pair, more overlap than allowed, or an
 * overlap that repeats more than the chunk right before it. Returns repeated characters per file.
 */
export function checkChunks(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
  options: CheckOptions,
): number[] {
  const fileIndex = new Map(files.map((file, index) => [file.path, index]));
  const cursors = files.map(() => 0);
  const seen = files.map(() => 0);
  const repeated = files.map(() => 0);
  let lastFile = -1;
  // Per file, what the chunk before held of it: a window's overlap repeats only that chunk.
  let before = new Map<number, { from: number; end: number }>();
  chunks.forEach((chunk, position) => {
    const held = new Map<number, { from: number; end: number }>();
    if (chunk.index !== position + 1)
      throw new Error(`chunk ${position + 1} has index ${chunk.index}`);
    if (chunk.tokens > options.limit)
      throw new Error(`chunk ${chunk.index}: ${chunk.tokens} > ${options.limit}`);
    if (chunk.pieces.length === 0) throw new Error(`chunk ${chunk.index} is empty`);
    let repeatedTokens = 0;
    let firstPiece = true;
    let moved = false;
    for (const piece of chunk.pieces) {
      const index = fileIndex.get(piece.path);
      const file = index === undefined ? undefined : files[index];
      if (index === undefined || !file) throw new Error(`unknown piece path ${piece.path}`);
      if (index < lastFile && !(options.allowOverlap && firstPiece)) {
        throw new Error(`chunk ${chunk.index}: ${piece.path} comes after a later file`);
      }
      firstPiece = false;
      lastFile = index;
      seen[index] = (seen[index] ?? 0) + 1;
      if (piece.part !== seen[index])
        throw new Error(`${piece.path}: part ${piece.part}, expected ${seen[index]}`);
      const cursor = cursors[index] ?? 0;
      const starts = computeLineStarts(file.content);
      const lineStart = starts[piece.startLine - 1] ?? 0;
      const repeats =
        options.allowOverlap &&
        isLineEnd(starts, cursor) &&
        lineStart < cursor &&
        file.content.startsWith(piece.content, lineStart) &&
        lineStart + piece.content.length >= cursor &&
        piece.content.length > 0;
      const from = repeats ? lineStart : cursor;
      if (file.content.slice(from, from + piece.content.length) !== piece.content) {
        throw new Error(
          `${piece.path} part ${piece.part}: content does not continue the file at ${from}`,
        );
      }
      if (piece.content.length === 0 && file.content.length > 0)
        throw new Error(`${piece.path}: empty piece`);
      if (/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(piece.content)) {
        throw new Error(`${piece.path} part ${piece.part}: cut inside a surrogate pair`);
      }
      const end = from + piece.content.length;
      const startLine = piece.content.length === 0 ? 1 : lineAt(starts, from) + 1;
      const endLine = piece.content.length === 0 ? 0 : lineAt(starts, end - 1) + 1;
      if (piece.startLine !== startLine || piece.endLine !== endLine) {
        throw new Error(
          `${piece.path}: lines ${piece.startLine}-${piece.endLine}, expected ${startLine}-${endLine}`,
        );
      }
      const onBoundary = (offset: number) =>
        offset === 0 ||
        offset === file.content.length ||
        (options.isBoundary?.(file, offset) ?? false);
      if (piece.startsOnBoundary !== onBoundary(from) || piece.endsOnBoundary !== onBoundary(end)) {
        throw new Error(`${piece.path} part ${piece.part}: boundary flags do not match the cut`);
      }
      if (repeats) {
        const previous = before.get(index);
        if (!previous || previous.from > from || previous.end < cursor) {
          throw new Error(
            `chunk ${chunk.index}: ${piece.path} repeats ${from}-${cursor}, beyond the chunk before it`,
          );
        }
        repeated[index] = (repeated[index] ?? 0) + (cursor - from);
        if (options.cost) {
          repeatedTokens += options.cost.linesCost(
            file,
            lineAt(starts, from),
            lineAt(starts, cursor),
          );
        }
      }
      if (end > cursor || (seen[index] === 1 && file.content.length === 0)) moved = true;
      cursors[index] = Math.max(cursor, end);
      const had = held.get(index);
      held.set(index, {
        from: Math.min(had?.from ?? from, from),
        end: Math.max(had?.end ?? end, end),
      });
    }
    before = held;
    if (!moved) throw new Error(`chunk ${chunk.index} only repeats content`);
    if (options.overlap !== undefined && repeatedTokens > options.overlap) {
      throw new Error(
        `chunk ${chunk.index} repeats ${repeatedTokens} tokens, overlap is ${options.overlap}`,
      );
    }
  });
  files.forEach((file, index) => {
    if ((cursors[index] ?? 0) !== file.content.length)
      throw new Error(`${file.path} is not complete`);
    if ((seen[index] ?? 0) === 0) throw new Error(`${file.path} appears in no chunk`);
  });
  for (const chunk of chunks) {
    for (const piece of chunk.pieces) {
      const index = fileIndex.get(piece.path) ?? -1;
      if (piece.partCount !== seen[index])
        throw new Error(`${piece.path}: partCount ${piece.partCount}`);
    }
  }
  return repeated;
}
