import { lineStartsOf } from '../chunk/line-index.js';
import { enclosingNodes, lastStartingBefore } from '../chunk/semantic-strategy-outline.js';
import type { OutlineNode } from '../syntax/outline.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';
import type { NodeFit } from './node-fit.js';
import { definitionLines } from './node-fit.js';
import type { LocatedPiece } from './locate-pieces.js';
import { locatePieces } from './locate-pieces.js';

/** A definition no piece holds whole. */
export interface SplitDefinition {
  readonly path: string;
  /** Its display name ("method bar"). */
  readonly name: string;
  /** 1-based line range. */
  readonly startLine: number;
  readonly endLine: number;
  /** Content tokens of its lines. */
  readonly tokens: number;
}

/** How the cuts of a job fall, judged with the files' syntax outlines where they have one. */
export interface CutReport {
  /** Cut edges: the end of each chunk and the start of the next (2 per pair of chunks). */
  readonly edges: number;
  /** Edges on a file boundary or a syntax boundary. */
  readonly onBoundary: number;
  /** Chunk ends that fall inside a file, and how many of them are on a syntax boundary. */
  readonly innerCuts: number;
  readonly innerCutsOnBoundary: number;
  /** Inner cuts off boundaries that fall inside a line (a line longer than a chunk). */
  readonly innerCutsInLine: number;
  /** Chunks whose pieces are all whole units. */
  readonly wholeChunks: number;
  /** Definitions that fit a chunk alone, yet no piece holds them whole: cut in two needlessly. */
  readonly splitDefinitions: readonly SplitDefinition[];
  /** Definitions larger than a chunk (they had to be cut). */
  readonly oversizedDefinitions: readonly SplitDefinition[];
  /** Files with a syntax outline, whose cuts could be judged beyond file boundaries. */
  readonly outlinedFiles: number;
}

/**
 * Judges every cut. A cut is on a boundary when it is a file boundary, or, in a file with a syntax
 * outline, when it falls between syntax nodes without splitting any node that would have fit a
 * chunk whole: a node is cut only when it is too large, and then between its children (the rule
 * the semantic strategy follows, so a fixed window that happens to end between two functions
 * counts too, one that ends between two statements of a small function does not). In a file
 * without an outline, the strategy's own flag decides (file boundaries only). A piece is a whole
 * unit when its file is not split, or when both its cuts are on boundaries and neither cuts a
 * definition that would have fit a chunk ("no function cut in two").
 */
export function judgeCuts(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
  fits: NodeFit,
): CutReport {
  const located = locatePieces(chunks, files);
  const byFile = files.map((): LocatedPiece[] => []);
  for (const piece of located.flat()) if (piece.file >= 0) byFile[piece.file]?.push(piece);

  const splitting = new Set<LocatedPiece>();
  const splitDefinitions: SplitDefinition[] = [];
  const oversizedDefinitions: SplitDefinition[] = [];
  files.forEach((file, index) => {
    const pieces = byFile[index] ?? [];
    if (!file.outline || pieces.length < 2) return;
    const starts = lineStartsOf(file);
    for (const node of definitionsOf(file.outline.nodes)) {
      if (isHeldWhole(pieces, node)) continue;
      const lines = definitionLines(file, starts, node);
      const split: SplitDefinition = {
        path: file.path,
        name: node.name ?? node.kind,
        startLine: lines.first + 1,
        endLine: lines.last + 1,
        tokens: lines.tokens,
      };
      if (!fits(file, node)) {
        oversizedDefinitions.push(split);
        continue;
      }
      splitDefinitions.push(split);
      for (const piece of pieces) {
        if (cuts(node, piece.start) || cuts(node, piece.end)) splitting.add(piece);
      }
    }
  });

  const onBoundary = (piece: LocatedPiece, offset: number, flag: boolean): boolean => {
    const file = files[piece.file];
    if (!file || offset === 0 || offset === file.content.length) return true;
    const nodes = file.outline?.nodes;
    if (!nodes || nodes.length === 0) return flag;
    const chain = enclosingNodes(nodes, offset);
    const innermost = chain.at(-1);
    if (!innermost) return true;
    return innermost.children.length > 0 && !chain.some((node) => fits(file, node));
  };
  const startsOnBoundary = (piece: LocatedPiece) =>
    onBoundary(piece, piece.start, piece.piece.startsOnBoundary);
  const endsOnBoundary = (piece: LocatedPiece) =>
    onBoundary(piece, piece.end, piece.piece.endsOnBoundary);

  let edges = 0;
  let onEdges = 0;
  let innerCuts = 0;
  let innerCutsOnBoundary = 0;
  let innerCutsInLine = 0;
  for (let index = 1; index < located.length; index++) {
    const before = located[index - 1]?.at(-1);
    const after = located[index]?.[0];
    edges += 2;
    const ends = before !== undefined && endsOnBoundary(before);
    if (ends) onEdges++;
    if (after && startsOnBoundary(after)) onEdges++;
    if (before && before.end < (files[before.file]?.content.length ?? 0)) {
      innerCuts++;
      if (ends) innerCutsOnBoundary++;
      else if (!before.piece.content.endsWith('\n')) innerCutsInLine++;
    }
  }
  const isWhole = (piece: LocatedPiece) =>
    piece.piece.partCount === 1 ||
    (startsOnBoundary(piece) && endsOnBoundary(piece) && !splitting.has(piece));
  const wholeChunks = located.filter((pieces) => pieces.every(isWhole)).length;
  const outlinedFiles = files.filter((file) => (file.outline?.nodes.length ?? 0) > 0).length;
  return {
    edges,
    onBoundary: onEdges,
    innerCuts,
    innerCutsOnBoundary,
    innerCutsInLine,
    wholeChunks,
    splitDefinitions,
    oversizedDefinitions,
    outlinedFiles,
  };
}

function cuts(node: OutlineNode, offset: number): boolean {
  return node.start < offset && offset < node.end;
}

/** True when one piece holds the whole node (pieces are in file order, starts and ends rising). */
function isHeldWhole(pieces: readonly LocatedPiece[], node: OutlineNode): boolean {
  const holder = lastStartingBefore(pieces, node.start, false);
  return holder !== undefined && holder.end >= node.end;
}

/** Named nodes, outermost first, without recursion (outlines can be deep). */
function definitionsOf(nodes: readonly OutlineNode[]): OutlineNode[] {
  const found: OutlineNode[] = [];
  const stack = [...nodes].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.name !== undefined) found.push(node);
    for (let index = node.children.length - 1; index >= 0; index--) {
      stack.push(node.children[index] as OutlineNode);
    }
  }
  return found;
}
