import type { SyntaxNode } from '../../syntax-tree.js';
import type { CompressRules } from '../compress-rules.js';
import { childOfType, types } from '../compress-rules.js';
import { braceBody, braceOrExpression, lineCommentBody } from '../placeholders.js';

const bodyField = (definition: SyntaxNode, text: string) =>
  braceBody(definition.childForFieldName('body'), text);

/** Go: every function and method body becomes `{ /* ... *\/ }`; declarations stay. */
export const GO_RULES: CompressRules = {
  definitions: types('function_declaration', 'method_declaration', 'func_literal'),
  body: bodyField,
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

export const JAVA_RULES: CompressRules = {
  definitions: types(
    'method_declaration',
    'constructor_declaration',
    'compact_constructor_declaration',
  ),
  body: bodyField,
  scopes: types(
    'class_declaration',
    'interface_declaration',
    'enum_declaration',
    'record_declaration',
    'enum_body_declarations',
  ),
  members: (scope) => {
    const body = scope.childForFieldName('body');
    return (scope.type === 'enum_body_declarations' ? scope : body)?.namedChildren ?? [];
  },
  isKept: (member) =>
    [
      'package_declaration',
      'import_declaration',
      'module_declaration',
      'field_declaration',
      'constant_declaration',
      'enum_constant',
      'annotation_type_declaration',
    ].includes(member.type),
  imports: types('import_declaration'),
  others: 'drop',
  lineComment: '//',
};

export const RUST_RULES: CompressRules = {
  definitions: types('function_item'),
  body: bodyField,
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

const PREPROCESSOR_SCOPES = [
  'preproc_ifdef',
  'preproc_if',
  'preproc_else',
  'preproc_elif',
  'preproc_elifdef',
];

/** Fields of a preprocessor conditional that are its header, not members. */
const HEADER_FIELDS = ['name', 'condition'];

/** A conditional's members are its own children; other scopes' are their body's. */
function membersOf(scope: SyntaxNode): readonly SyntaxNode[] {
  if (!PREPROCESSOR_SCOPES.includes(scope.type)) {
    return scope.childForFieldName('body')?.namedChildren ?? [];
  }
  const header = HEADER_FIELDS.map((field) => scope.childForFieldName(field)?.startIndex);
  return scope.namedChildren.filter((child) => !header.includes(child.startIndex));
}

const C_KEPT = [
  'preproc_include',
  'preproc_def',
  'preproc_function_def',
  'preproc_call',
  'declaration',
  'type_definition',
  'struct_specifier',
  'union_specifier',
  'enum_specifier',
  'field_declaration',
  'linkage_specification',
];

export const C_RULES: CompressRules = {
  definitions: types('function_definition'),
  body: bodyField,
  scopes: types(...PREPROCESSOR_SCOPES),
  members: membersOf,
  isKept: (member) => C_KEPT.includes(member.type),
  imports: types('preproc_include'),
  others: 'drop',
  lineComment: '//',
};

const CPP_KEPT = new Set([
  ...C_KEPT,
  'template_declaration',
  'using_declaration',
  'alias_declaration',
  'namespace_alias_definition',
  'access_specifier',
  'friend_declaration',
  'static_assert_declaration',
  'concept_definition',
  'enum_specifier',
]);

export const CPP_RULES: CompressRules = {
  definitions: types('function_definition', 'lambda_expression'),
  body: bodyField,
  scopes: types(
    ...PREPROCESSOR_SCOPES,
    'namespace_definition',
    'class_specifier',
    'struct_specifier',
    'union_specifier',
    'linkage_specification',
  ),
  members: membersOf,
  isKept: (member) => CPP_KEPT.has(member.type),
  imports: types('preproc_include'),
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
  body: bodyField,
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

export const SCALA_RULES: CompressRules = {
  definitions: types('function_definition'),
  body: (definition, text) => braceOrExpression(definition.childForFieldName('body'), text, '???'),
  scopes: types('class_definition', 'object_definition', 'trait_definition', 'enum_definition'),
  isKept: (member) =>
    [
      'package_clause',
      'import_declaration',
      'export_declaration',
      'val_definition',
      'var_definition',
      'val_declaration',
      'var_declaration',
      'function_declaration',
      'type_definition',
      'given_definition',
      'extension_definition',
    ].includes(member.type),
  imports: types('import_declaration'),
  others: 'drop',
  lineComment: '//',
};

const KOTLIN_BODIES = types('class_body', 'enum_class_body');

export const KOTLIN_RULES: CompressRules = {
  definitions: types('function_declaration', 'secondary_constructor', 'getter', 'setter'),
  body: (definition, text) => {
    const body = childOfType(definition, types('function_body', 'block'));
    if (body && text[body.startIndex] === '=') {
      return braceOrExpression(body, text, '= TODO()');
    }
    return braceBody(body?.type === 'function_body' ? (body.namedChild(0) ?? body) : body, text);
  },
  scopes: types('class_declaration', 'object_declaration', 'companion_object'),
  members: (scope) => childOfType(scope, KOTLIN_BODIES)?.namedChildren ?? [],
  isKept: (member) =>
    ['package_header', 'import', 'import_list', 'property_declaration', 'type_alias'].includes(
      member.type,
    ),
  imports: types('import'),
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
