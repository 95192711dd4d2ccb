import type { CompressRules } from '../compress-rules.js';
import { childOfType, types } from '../compress-rules.js';
import { bracedBodyField, braceOrExpression, lineCommentBody } from '../placeholders.js';

/** Go: every function and method body becomes `{ /* ... *\/ }`; declarations stay. */
export const GO_RULES: CompressRules = {
  definitions: types('function_declaration', 'method_declaration', 'func_literal'),
  body: bracedBodyField,
  scopes: types(),
  isKept: (member) =>
    [
      'package_clause',
      'import_declaration',
      'type_declaration',
      'const_declaration',
      'var_declaration',
    ].includes(member.type),
  imports: types('import_declaration'),
  others: 'drop',
  lineComment: '//',
};

export const RUST_RULES: CompressRules = {
  definitions: types('function_item'),
  body: bracedBodyField,
  scopes: types('impl_item', 'trait_item', 'mod_item'),
  isKept: (member) =>
    [
      'use_declaration',
      'extern_crate_declaration',
      'struct_item',
      'enum_item',
      'union_item',
      'type_item',
      'const_item',
      'static_item',
      'function_signature_item',
      'macro_definition',
      'associated_type',
      'foreign_mod_item',
      'inner_attribute_item',
    ].includes(member.type),
  imports: types('use_declaration'),
  attached: types('attribute_item'),
  others: 'drop',
  lineComment: '//',
};

export const C_SHARP_RULES: CompressRules = {
  definitions: types(
    'method_declaration',
    'constructor_declaration',
    'destructor_declaration',
    'operator_declaration',
    'conversion_operator_declaration',
    'local_function_statement',
    'accessor_declaration',
  ),
  body: (definition, text) =>
    braceOrExpression(
      definition.childForFieldName('body') ??
        childOfType(definition, types('block', 'arrow_expression_clause')),
      text,
      '=> throw null',
    ),
  scopes: types(
    'namespace_declaration',
    'class_declaration',
    'struct_declaration',
    'interface_declaration',
    'record_declaration',
  ),
  isKept: (member) =>
    [
      'using_directive',
      'extern_alias_directive',
      'global_attribute',
      'file_scoped_namespace_declaration',
      'field_declaration',
      'property_declaration',
      'event_field_declaration',
      'event_declaration',
      'delegate_declaration',
      'enum_declaration',
      'indexer_declaration',
    ].includes(member.type),
  imports: types('using_directive'),
  others: 'drop',
  lineComment: '//',
};

const PHP_INCLUDE = /^(require|include)(_once)?\b/;

export const PHP_RULES: CompressRules = {
  definitions: types('function_definition', 'method_declaration', 'anonymous_function'),
  body: bracedBodyField,
  scopes: types(
    'class_declaration',
    'interface_declaration',
    'trait_declaration',
    'enum_declaration',
    'namespace_definition',
  ),
  isKept: (member) =>
    [
      'php_tag',
      'namespace_use_declaration',
      'const_declaration',
      'property_declaration',
      'use_declaration',
      'enum_case',
      'declare_statement',
    ].includes(member.type) ||
    (member.type === 'expression_statement' && PHP_INCLUDE.test(member.text)),
  imports: types('namespace_use_declaration'),
  others: 'drop',
  lineComment: '//',
};

/** Zig has no block comment: the placeholder is a `// ...` line. */
export const ZIG_RULES: CompressRules = {
  definitions: types('function_declaration', 'test_declaration'),
  body: (definition, text) =>
    lineCommentBody(
      definition.childForFieldName('body') ?? childOfType(definition, types('block')),
      text,
      '//',
    ),
  scopes: types(
    'struct_declaration',
    'union_declaration',
    'enum_declaration',
    'opaque_declaration',
  ),
  members: (scope) => scope.namedChildren,
  isKept: (member) =>
    ['variable_declaration', 'container_field', 'using_namespace_declaration'].includes(
      member.type,
    ),
  imports: types(),
  others: 'drop',
  lineComment: '//',
};
