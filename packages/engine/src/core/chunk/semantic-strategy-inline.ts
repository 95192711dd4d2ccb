import type { OutlineNode } from '../syntax/outline.js';
import { lastStartingBefore } from './semantic-strategy-outline.js';

/**
 * Where a chunk that must end inside a line too long for any chunk ends: the furthest edge of a
 * syntax node in `(from, limit]`, found the cAST way. Walking down the nodes that contain `limit`:
 * one that starts at or after `from` and fits a chunk alone (`fitsAlone`) is kept whole, so the cut
 * goes before it (or, at `from` itself in a chunk that holds nothing else, `fresh`, right after it);
 * one that does not fit is cut between its children, so the walk goes on into the child holding
 * `limit`. When no child holds it, the cut goes after the last child before it; with none, before
 * the node (its text before its first child, a keyword or a name, is no place to cut). A node
 * without children that holds `limit` cannot be cut cleanly either: the cut goes before it.
 * Undefined when no such edge exceeds `from` (the caller then ends the chunk at `from`, or when
 * the chunk is fresh, cuts at `limit` inside a node).
 *
 * `nodes` are sorted and do not overlap, at every level; nodes reaching outside the file (a
 * re-planned slice) are fine.
 */
export function boundaryBefore(
  nodes: readonly OutlineNode[],
  from: number,
  limit: number,
  fresh: boolean,
  fitsAlone: (node: OutlineNode) => boolean,
): number | undefined {
  if (limit <= from) return undefined;
  let best: number | undefined;
  let level = nodes;
  for (;;) {
    const node = lastStartingBefore(level, limit, true);
    if (!node || node.end <= limit) {
      return node && node.end > from ? node.end : best;
    }
    if (node.start > from) best = node.start;
    if (node.start >= from && fitsAlone(node)) {
      return node.start > from ? node.start : fresh ? node.end : undefined;
    }
    if (node.children.length === 0) return best;
    level = node.children;
  }
}
