import type { SyntaxNode } from '../../syntax/syntax-tree.js';

/** Helpers the import rules share for reading tree-sitter nodes. */

/** Two handles on the same node (web-tree-sitter hands out a new object per access). */
export function isSameNode(a: SyntaxNode | null | undefined, b: SyntaxNode): boolean {
  return a != null && a.startIndex === b.startIndex && a.endIndex === b.endIndex;
}

/**
 * The value of a string literal without interpolation (`'./a'`, `"a.h"`, `` `x` ``), or
 * undefined for anything else: a computed specifier names no file we could know.
 */
export function literalValue(node: SyntaxNode | null | undefined): string | undefined {
  if (!node || !/string|raw_string/.test(node.type)) return undefined;
  const computed = node.namedChildren.some((child) =>
    /substitution|interpolation|expansion/.test(child.type),
  );
  if (computed) return undefined;
  const text = node.text;
  const quote = text[0];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  return text.length >= 2 && text[text.length - 1] === quote ? text.slice(1, -1) : undefined;
}

/** The first named child of one of `types`. */
export function childOfType(node: SyntaxNode | null, types: readonly string[]): SyntaxNode | null {
  return node?.namedChildren.find((child) => types.includes(child.type)) ?? null;
}

/** The statement a keyword token belongs to: its parent, when that has the given type. */
export function statementOf(node: SyntaxNode, types: readonly string[]): SyntaxNode | null {
  const parent = node.isNamed && types.includes(node.type) ? node : node.parent;
  return parent && types.includes(parent.type) ? parent : null;
}

/** `a.b.C` or `A\B\C` as a path: `a/b/C`. */
export function qualifiedPath(text: string): string {
  return text
    .split(/\s*[.\\]\s*/)
    .filter(Boolean)
    .join('/');
}
