import type { OutlineNode, SyntaxOutline } from '../syntax/outline.js';
import { at, lineAt } from './line-index.js';

/**
 * Questions chunking asks of a syntax outline. Offsets are UTF-16 offsets into the file's content;
 * children are sorted and do not overlap (malformed nodes are looked past, not trusted).
 */

/**
 * Index of the last item of `items` (sorted by start) starting at or before `offset` (before, when
 * `strict`); -1 if none. Outline nodes and located pieces alike.
 */
function lastIndexStartingBefore(
  items: readonly { readonly start: number }[],
  offset: number,
  strict: boolean,
): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = (items[middle] as { readonly start: number }).start;
    if (strict ? start < offset : start <= offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

export function lastStartingBefore<T extends { readonly start: number }>(
  items: readonly T[],
  offset: number,
  strict: boolean,
): T | undefined {
  return items[lastIndexStartingBefore(items, offset, strict)];
}

/** The nodes that contain `offset` strictly (a cut there splits them), outermost first. */
export function enclosingNodes(nodes: readonly OutlineNode[], offset: number): OutlineNode[] {
  const chain: OutlineNode[] = [];
  let level = nodes;
  for (;;) {
    const node = lastStartingBefore(level, offset, true);
    if (!node || node.end <= offset) return chain;
    chain.push(node);
    level = node.children;
  }
}

/**
 * True when a cut at `offset` falls between syntax nodes: not strictly inside any leaf of the
 * outline. A cut inside a node with children but between them (between two methods of a class,
 * two statements of a function body) counts; a cut inside a node with no children (a one-line
 * statement, a string, a comment) does not.
 */
export function isSyntaxBoundary(nodes: readonly OutlineNode[], offset: number): boolean {
  const innermost = enclosingNodes(nodes, offset).at(-1);
  return innermost === undefined || innermost.children.length > 0;
}

/**
 * The range priced when asking whether a node fits a chunk alone: its whole lines, except that a
 * first or last line longer than a chunk (`isLong`) counts from the node's start or up to its end
 * only. Such a line is cut inside, between nodes, so a node on it can be a piece of its own.
 * `length` is the content's length (nodes of a re-planned slice may reach outside it).
 */
export function fitRange(
  node: OutlineNode,
  starts: Uint32Array,
  length: number,
  isLong: (line: number) => boolean,
): { from: number; to: number; first: number; last: number } {
  const start = Math.min(Math.max(node.start, 0), length);
  const end = Math.max(Math.min(node.end, length), start);
  const first = lineAt(starts, start);
  const last = lineAt(starts, Math.max(end - 1, start));
  const from = first < starts.length - 1 && isLong(first) ? start : at(starts, first);
  const to =
    last < starts.length - 1 && isLong(last)
      ? end
      : at(starts, Math.min(last + 1, starts.length - 1));
  return { from, to, first, last };
}

/** The range of `content` between its first and after its last non-whitespace character. */
export function trimRange(content: string, start: number, end: number): [number, number] {
  let from = start;
  while (from < end && isSpace(content.charCodeAt(from))) from++;
  let to = end;
  while (to > from && isSpace(content.charCodeAt(to - 1))) to--;
  return [from, to];
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 11 || code === 12;
}

/**
 * The definitions enclosing a piece, outermost first: the named nodes that contain its text
 * (surrounding whitespace trimmed), except one the piece is exactly (a piece that is `method bar`
 * is shown inside `class Foo`, a part of it inside `class Foo > method bar`).
 */
export function contextOf(
  nodes: readonly OutlineNode[],
  content: string,
  start: number,
  end: number,
): string[] {
  const [from, to] = trimRange(content, start, end);
  const names: string[] = [];
  if (from >= to) return names;
  let level = nodes;
  for (;;) {
    const node = lastStartingBefore(level, from, false);
    if (!node || node.end < to || (node.start === from && node.end === to)) return names;
    if (node.name !== undefined) names.push(node.name);
    level = node.children;
  }
}

/**
 * The outline of the slice `[start, end)` of a file, as offsets into the slice (a re-planned
 * chunk's span becomes a file of its own). Nodes meeting the slice are kept unclipped, so that
 * they may reach before 0 or past the slice's end: a cut inside the slice splits the same nodes,
 * and a piece gets the same context, as in the whole file.
 */
export function sliceOutline(outline: SyntaxOutline, start: number, end: number): SyntaxOutline {
  const shift = (nodes: readonly OutlineNode[]): OutlineNode[] => {
    // The node holding `start`, if any, then every node after it.
    const from = Math.max(lastIndexStartingBefore(nodes, start, false), 0);
    const kept: OutlineNode[] = [];
    for (let index = from; index < nodes.length; index++) {
      const node = nodes[index] as OutlineNode;
      if (node.start >= end) break;
      if (node.end <= start || node.end <= node.start) continue;
      const children = shift(node.children);
      const outside = node.children[0];
      // A node whose children all lie outside the slice is still no leaf: keep one to say so.
      if (children.length === 0 && outside) {
        children.push({
          ...outside,
          start: outside.start - start,
          end: outside.end - start,
          children: [],
        });
      }
      kept.push({ ...node, start: node.start - start, end: node.end - start, children });
    }
    return kept;
  };
  return { ...outline, nodes: shift(outline.nodes) };
}
