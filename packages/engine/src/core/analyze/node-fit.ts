import { at, computeLineStarts, lineAt } from '../chunk/line-index.js';
import { contextOf } from '../chunk/semantic-strategy-outline.js';
import type { ChunkCostModel } from '../chunk/strategy.js';
import type { OutlineNode } from '../syntax/outline.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';

/** Whether a syntax node (a definition, a statement...), as one piece of its own, fits a chunk. */
export type NodeFit = (file: ProcessedFile, node: OutlineNode) => boolean;

/** The 0-based lines a node spans (inclusive) and their content tokens. */
export function definitionLines(
  file: ProcessedFile,
  starts: Uint32Array,
  node: OutlineNode,
): { first: number; last: number; tokens: number } {
  const first = lineAt(starts, Math.max(node.start, 0));
  const last = lineAt(starts, Math.max(Math.min(node.end, file.content.length) - 1, 0));
  const tokens = (file.linePrefix[last + 1] ?? file.tokens) - (file.linePrefix[first] ?? 0);
  return { first, last, tokens };
}

/**
 * With the chunk stage's cost model: the same test the semantic strategy applies (the node's lines
 * with the context they would carry, wrappers included, within the limit). Without one (a caller
 * that has no model): its content tokens plus the smallest wrapper any chunk of the job shows,
 * within the limit.
 */
export function createNodeFit(
  limit: number,
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
  cost: ChunkCostModel | undefined,
): NodeFit {
  if (cost) {
    return (file, node) => {
      const starts = cost.lineStarts(file);
      const { first, last } = definitionLines(file, starts, node);
      const context = file.outline
        ? contextOf(file.outline.nodes, file.content, at(starts, first), at(starts, last + 1))
        : [];
      const price =
        cost.chunkOverhead +
        cost.pieceOverhead(file) +
        (cost.contextOverhead?.(file, context) ?? 0) +
        cost.linesCost(file, first, last + 1);
      return price <= cost.limit;
    };
  }
  const wrapper = smallestWrapper(chunks, files);
  const starts = new Map<ProcessedFile, Uint32Array>();
  return (file, node) => {
    let lineStarts = starts.get(file);
    if (!lineStarts) {
      lineStarts = computeLineStarts(file.content);
      starts.set(file, lineStarts);
    }
    return definitionLines(file, lineStarts, node).tokens + wrapper <= limit;
  };
}

/** Rendered tokens of a chunk beyond the content tokens of its pieces, smallest over the job. */
function smallestWrapper(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
): number {
  const byPath = new Map(files.map((file) => [file.path, file]));
  let smallest = Number.POSITIVE_INFINITY;
  for (const chunk of chunks) {
    let content = 0;
    for (const piece of chunk.pieces) {
      const file = byPath.get(piece.path);
      if (!file || piece.endLine < piece.startLine) continue;
      content +=
        (file.linePrefix[piece.endLine] ?? 0) - (file.linePrefix[piece.startLine - 1] ?? 0);
    }
    smallest = Math.min(smallest, Math.max(0, chunk.tokens - content));
  }
  return Number.isFinite(smallest) ? smallest : 0;
}
