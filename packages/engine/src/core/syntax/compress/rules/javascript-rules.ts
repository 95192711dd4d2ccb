import type { SyntaxNode } from '../../syntax-tree.js';
import type { CompressRules } from '../compress-rules.js';
import { types } from '../compress-rules.js';
import { BRACE_PLACEHOLDER, braceBody, braceOrExpression } from '../placeholders.js';

const FUNCTIONS = types(
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition',
);

const WRAPPERS = types('function_expression', 'function', 'arrow_function');
const unwrap = (node: SyntaxNode | null): SyntaxNode | null => {
  let inner = node;
  while (inner?.type === 'parenthesized_expression') inner = inner.namedChild(0);
  return inner;
};

/**
 * A function called where it is written as a statement of the file (an IIFE, `.call(this)`), or
 * the factory handed to one or to AMD's `define`: its body is the module, compressed as a scope
 * instead of going whole.
 */
function isModuleWrapper(node: SyntaxNode): boolean {
  if (!WRAPPERS.has(node.type)) return false;
  let up = node.parent;
  while (up?.type === 'parenthesized_expression') up = up.parent;
  if (up?.type === 'arguments') {
    const call = up.parent;
    const callee = unwrap(call?.childForFieldName('function') ?? null);
    if (!call || !callee || !(WRAPPERS.has(callee.type) || callee.text === 'define')) return false;
    up = call;
  } else if (up?.type === 'member_expression' || up?.type === 'call_expression') {
    if (unwrap(up.namedChild(0))?.startIndex !== node.startIndex) return false;
  } else return false;
  while (
    up &&
    [
      'call_expression',
      'member_expression',
      'parenthesized_expression',
      'unary_expression',
    ].includes(up.type)
  ) {
    up = up.parent;
  }
  return up?.type === 'expression_statement' && up.parent?.type === 'program';
}

const KEPT = types(
  'import_statement',
  'export_statement',
  'lexical_declaration',
  'variable_declaration',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
  'ambient_declaration',
  'function_signature',
  'public_field_definition',
  'field_definition',
  'abstract_method_signature',
  'method_signature',
  'index_signature',
  'property_signature',
  'import_alias',
  'hash_bang_line',
);

/** JavaScript, TypeScript and TSX (JSX included): `{ /* ... *\/ }` for every function body. */
export const JAVASCRIPT_RULES: CompressRules = {
  definitions: FUNCTIONS,
  body: (definition, text) =>
    braceOrExpression(definition.childForFieldName('body'), text, BRACE_PLACEHOLDER),
  scopes: types(
    'class_declaration',
    'abstract_class_declaration',
    'class',
    'internal_module',
    'module',
  ),
  isKept: (member) => KEPT.has(member.type),
  isScope: isModuleWrapper,
  imports: types('import_statement'),
  attached: types('decorator'),
  others: 'drop',
  // A module wrapper left with nothing but code that runs still says its body was there.
  emptyScope: (scope, text) =>
    FUNCTIONS.has(scope.type) ? braceBody(scope.childForFieldName('body'), text) : undefined,
  lineComment: '//',
};
