import type { SyntaxNode } from './syntax-tree.js';
import type { TextEdit } from './text-edit.js';

/** Nodes that can hold statement blocks; expressions never do in Python, so the walk stays small. */
const HOLDS_BLOCKS = new Set([
  'module',
  'block',
  'class_definition',
  'function_definition',
  'decorated_definition',
  'if_statement',
  'elif_clause',
  'else_clause',
  'for_statement',
  'while_statement',
  'try_statement',
  'except_clause',
  'except_group_clause',
  'finally_clause',
  'with_statement',
  'match_statement',
  'case_clause',
]);

/**
 * A statement that is only a string literal: a docstring, or a string used as a block comment.
 * f-strings are left alone (their interpolations may run code).
 */
function isStringStatement(statement: SyntaxNode): boolean {
  if (statement.type !== 'expression_statement' || statement.namedChildCount !== 1) return false;
  const value = statement.namedChild(0);
  if (!value || (value.type !== 'string' && value.type !== 'concatenated_string')) return false;
  const strings = value.type === 'string' ? [value] : value.namedChildren;
  return strings.every(
    (part) => part.type === 'string' && !part.namedChildren.some((c) => c.type === 'interpolation'),
  );
}

/**
 * Edits that drop string statements (docstrings count as comments). A block left with nothing
 * but such strings keeps a `pass` in place of the first one, so the body stays valid.
 */
export function docstringEdits(root: SyntaxNode, isComment: (type: string) => boolean): TextEdit[] {
  const edits: TextEdit[] = [];
  const visit = (node: SyntaxNode): void => {
    const statements = node.namedChildren.filter((child) => !isComment(child.type));
    const strings = statements.filter(isStringStatement);
    if (strings.length > 0) {
      const emptied = node.type === 'block' && strings.length === statements.length;
      strings.forEach((statement, index) =>
        edits.push({
          start: statement.startIndex,
          end: statement.endIndex,
          replacement: emptied && index === 0 ? 'pass' : '',
        }),
      );
    }
    for (const child of statements) {
      if (HOLDS_BLOCKS.has(child.type)) visit(child);
    }
  };
  visit(root);
  return edits;
}
