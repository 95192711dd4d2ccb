import type { SyntaxNode } from '../syntax-tree.js';

/** Node types whose text is literal content: strings, regexes, heredocs, JSX text, raw text. */
const LITERAL =
  /string|regex|heredoc_body|heredoc_template|char_literal|character_literal|^character$|jsx_text|raw_text|attribute_value|quote_scalar|block_scalar|^char$/;
/**
 * Implicitly joined strings (`"a" "b"`): their parts are literals of their own, and comments may
 * stand between them, so the whole is not one.
 */
const JOINED_LITERALS = 'concatenated_string';
/** Code inside a literal (template substitutions, interpolations): compared on its own. */
const EMBEDDED_CODE = /substitution|interpolation|interpolated_expression|expansion/;

/** A literal's text with embedded code replaced by a marker, so only literal bytes compare. */
function literalText(node: SyntaxNode, text: string): string {
  let result = '';
  let cursor = node.startIndex;
  for (const child of node.children) {
    if (!EMBEDDED_CODE.test(child.type)) continue;
    result += text.slice(cursor, child.startIndex) + '${…}';
    cursor = child.endIndex;
  }
  return result + text.slice(cursor, node.endIndex);
}

/**
 * Every literal of a tree in text order, as bytes to compare before and after a transform.
 * Whitespace-only JSX text is left out (JSX drops it); ranges in `exclude` (removed docstrings)
 * too.
 */
export function collectLiterals(
  root: SyntaxNode,
  text: string,
  exclude: readonly { start: number; end: number }[] = [],
): string[] {
  const literals: string[] = [];
  const visit = (node: SyntaxNode): void => {
    const excluded = exclude.some(
      (range) => node.startIndex >= range.start && node.endIndex <= range.end,
    );
    if (excluded) return;
    if (node.isNamed && node.type !== JOINED_LITERALS && LITERAL.test(node.type)) {
      const value = literalText(node, text);
      if (!(node.type === 'jsx_text' && value.trim() === ''))
        literals.push(`${node.type}:${value}`);
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  return literals;
}
