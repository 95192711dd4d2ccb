import { at, lineAt, lineStartsOf } from '../chunk/line-index.js';
import { contextOf, fitRange } from '../chunk/semantic-strategy-outline.js';
import { endsOpen, isLongLine } from '../chunk/semantic-strategy-packer.js';
import type { ChunkCostModel } from '../chunk/strategy.js';
import type { OutlineNode } from '../syntax/outline.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';

/** Whether a syntax node (a definition, a statement...), as one piece of its own, fits a chunk. */
export type NodeFit = (file: ProcessedFile, node: OutlineNode) => boolean;

/**
 * The 0-based lines a node spans (inclusive), and its content tokens: its whole lines by their
 * counts, a line it shares with other code (a minified line holds many definitions) by the share
 * of the line's characters it covers.
 */
export function definitionLines(
  file: ProcessedFile,
  starts: Uint32Array,
  node: OutlineNode,
): { first: number; last: number; tokens: number } {
  const start = Math.min(Math.max(node.start, 0), file.content.length);
  const end = Math.max(Math.min(node.end, file.content.length), start);
  const first = lineAt(starts, start);
  const last = lineAt(starts, Math.max(end - 1, start));
  const linesCost = contentLinesCost(file);
  const tokens = rangeTokens(
    starts,
    { from: start, to: end, first, last },
    linesCost,
    proRata(starts, linesCost),
  );
  return { first, last, tokens: Math.ceil(tokens) };
}

/**
 * With the chunk stage's cost model: the same test the semantic strategy applies (the node's lines
 * with the context they would carry, wrappers included, within the limit; a line longer than a
 * chunk counts from the node's start or up to its end only, as `fitRange` says, since such a line
 * is cut between its nodes), and when the prices say it fits, the node rendered alone as a
 * chunk (`spanCost`) within the limit too. Without one (a caller that has no model): its content
 * tokens plus the smallest wrapper any chunk of the job shows, within the limit, part lines priced
 * pro rata.
 */
export function createNodeFit(
  limit: number,
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
  cost: ChunkCostModel | undefined,
): NodeFit {
  const known = new WeakMap<OutlineNode, boolean>();
  const cached =
    (test: NodeFit): NodeFit =>
    (file, node) => {
      let fits = known.get(node);
      if (fits === undefined) {
        fits = test(file, node);
        known.set(node, fits);
      }
      return fits;
    };
  if (cost) {
    const budget = cost.limit - cost.chunkOverhead;
    return cached((file, node) => {
      const starts = cost.lineStarts(file);
      const linesCost = (first: number, end: number) => cost.linesCost(file, first, end);
      const lineCost = (line: number) => linesCost(line, line + 1);
      const range = fitRange(node, starts, file.content.length, (line) =>
        isLongLine(cost, file, line),
      );
      const context = file.outline
        ? contextOf(file.outline.nodes, file.content, range.from, range.to)
        : [];
      const fixed =
        cost.chunkOverhead +
        cost.pieceOverhead(file) +
        (cost.contextOverhead?.(file, context) ?? 0) +
        (endsOpen(file.content, range.to) ? cost.openEndOverhead(file) : 0);
      const content = rangeTokens(starts, range, linesCost, (from, to, line) => {
        // A part of a line that an estimate puts far over the limit is not tokenized.
        const share = (lineCost(line) * (to - from)) / lineLength(starts, line);
        if (share > budget * 2 + 64) return Number.POSITIVE_INFINITY;
        return cost.textCost(file.content.slice(from, to));
      });
      if (fixed + content > cost.limit) return false;
      // Prices bound what a chunk costs, but in the formats that escape content not strictly
      // (joined escaped runs can cost a token more than their parts): the planner re-plans a
      // chunk that renders over the limit, so a node priced within it fits only if it renders so.
      return (
        !cost.spanCost ||
        cost.spanCost(file, { start: range.from, end: range.to, context }) <= cost.limit
      );
    });
  }
  const wrapper = smallestWrapper(chunks, files);
  return cached((file, node) => {
    const fileStarts = lineStartsOf(file);
    const linesCost = contentLinesCost(file);
    const range = fitRange(node, fileStarts, file.content.length, (line) => {
      return linesCost(line, line + 1) + wrapper > limit;
    });
    const content = rangeTokens(fileStarts, range, linesCost, proRata(fileStarts, linesCost));
    return content + wrapper <= limit;
  });
}

/** Content tokens of lines [first, end) of a file, from its own counts. */
function contentLinesCost(file: ProcessedFile): (first: number, end: number) => number {
  return (first, end) => (file.linePrefix[end] ?? file.tokens) - (file.linePrefix[first] ?? 0);
}

/** A part of a line priced by the share of the line's characters it covers. */
function proRata(
  starts: Uint32Array,
  linesCost: (first: number, end: number) => number,
): (from: number, to: number, line: number) => number {
  return (from, to, line) => (linesCost(line, line + 1) * (to - from)) / lineLength(starts, line);
}

function lineLength(starts: Uint32Array, line: number): number {
  return Math.max(at(starts, line + 1) - at(starts, line), 1);
}

/**
 * Tokens of a `fitRange`: whole lines by their price, a part of a line (the range starts or ends
 * inside it) by `partCost(from, to, line)`.
 */
function rangeTokens(
  starts: Uint32Array,
  range: { from: number; to: number; first: number; last: number },
  linesCost: (first: number, end: number) => number,
  partCost: (from: number, to: number, line: number) => number,
): number {
  const { from, to, first, last } = range;
  if (to <= from) return 0;
  const lineStart = (line: number) => at(starts, line);
  const lineEnd = (line: number) => at(starts, line + 1);
  const startsInside = from > lineStart(first);
  const endsInside = to < lineEnd(last);
  if (first === last && (startsInside || endsInside)) return partCost(from, to, first);
  const head = startsInside ? partCost(from, lineEnd(first), first) : 0;
  const tail = endsInside ? partCost(lineStart(last), to, last) : 0;
  const whole = linesCost(startsInside ? first + 1 : first, endsInside ? last : last + 1);
  return head + whole + tail;
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
