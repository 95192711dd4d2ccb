import type { SyntaxNode } from '../../syntax-tree.js';
import type { BodyEdit, CompressRules } from '../compress-rules.js';
import { lineBreakOf, lineIndent, types } from '../compress-rules.js';
import { docstringLine } from '../doc-line.js';

/** The `:` that ends a definition's header, before its block. */
function headerColon(definition: SyntaxNode, block: SyntaxNode): SyntaxNode | undefined {
  let colon: SyntaxNode | undefined;
  for (const child of definition.children) {
    if (child.startIndex >= block.startIndex) break;
    if (child.type === ':') colon = child;
  }
  return colon;
}

/** `...` in place of a block, after the first line of its docstring when it has one. */
function ellipsisBlock(definition: SyntaxNode, text: string): BodyEdit | undefined {
  const block = definition.childForFieldName('body');
  if (!block) return undefined;
  const colon = headerColon(definition, block);
  if (!colon) return undefined;
  if (block.namedChildCount === 1 && /^(\.\.\.|pass)$/.test(block.text)) return undefined;
  const first = block.namedChild(0);
  const literal =
    first?.type === 'expression_statement' && first.namedChildCount === 1
      ? first.namedChild(0)
      : null;
  const docstring = literal?.type === 'string' ? docstringLine(literal.text) : undefined;
  if (block.startPosition.row === colon.endPosition.row) {
    return { start: colon.endIndex, end: block.endIndex, text: ' ...' };
  }
  const indent = lineIndent(text, block.startIndex);
  const br = lineBreakOf(text);
  const lines = docstring ? `${br}${indent}${docstring}${br}${indent}...` : `${br}${indent}...`;
  return { start: colon.endIndex, end: block.endIndex, text: lines };
}

/** A statement that only assigns (`X = 1`, `x: int`, `__all__ = [...]`): a declaration. */
function isAssignment(member: SyntaxNode): boolean {
  if (member.type !== 'expression_statement') return false;
  const inner = member.namedChild(0);
  return inner?.type === 'assignment' || inner?.type === 'augmented_assignment';
}

const KEPT = types(
  'import_statement',
  'import_from_statement',
  'future_import_statement',
  'type_alias_statement',
);

/** Python (and Starlark): `...` for every body; docstrings shortened to their first line. */
export const PYTHON_RULES: CompressRules = {
  definitions: types('function_definition'),
  body: ellipsisBlock,
  scopes: types('class_definition'),
  isKept: (member) => KEPT.has(member.type) || isAssignment(member),
  imports: types('import_statement', 'import_from_statement', 'future_import_statement'),
  others: 'drop',
  lineComment: '#',
  docstrings: true,
  emptyScope: (scope, text) => {
    const block = scope.childForFieldName('body');
    if (!block || scope.type !== 'class_definition') return undefined;
    const colon = headerColon(scope, block);
    if (!colon) return undefined;
    const indent = lineIndent(text, block.startIndex);
    const sameLine = block.startPosition.row === colon.endPosition.row;
    return {
      start: colon.endIndex,
      end: block.endIndex,
      text: sameLine ? ' ...' : `${lineBreakOf(text)}${indent}...`,
    };
  },
};
