import type { GrammarId } from '../../syntax/grammars.js';
import type { SyntaxNode } from '../../syntax/syntax-tree.js';
import type { ImportReference } from './import-reference.js';
import { TREE_IMPORT_RULES } from './tree-import-rules.js';

/**
 * The imports a parsed file makes, in the order written, or undefined when the grammar has no
 * notion of importing a file (JSON, YAML, HTML...).
 */
export function importsInTree(
  root: SyntaxNode,
  text: string,
  grammar: GrammarId,
): ImportReference[] | undefined {
  const rule = TREE_IMPORT_RULES[grammar];
  if (!rule) return undefined;
  const found: ImportReference[] = [];
  for (const match of text.matchAll(rule.anchor)) {
    const start = match.index;
    let token = root.descendantForIndex(start, start + match[0].length);
    // A keyword may sit in a named node of its own (`import` in `import('x')`): take that one.
    while (
      token?.parent &&
      token.parent.type === token.type &&
      token.parent.startIndex === token.startIndex &&
      token.parent.endIndex === token.endIndex
    ) {
      token = token.parent;
    }
    if (token) found.push(...rule.read(token));
  }
  return found;
}
