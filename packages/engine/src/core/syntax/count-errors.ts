import type { SyntaxNode } from './syntax-tree.js';

/** Error and missing nodes in a tree, visiting only the subtrees that hold some. */
export function countSyntaxErrors(node: SyntaxNode): number {
  if (!node.hasError) return 0;
  let count = node.isError || node.isMissing ? 1 : 0;
  for (const child of node.children) count += countSyntaxErrors(child);
  return count;
}
