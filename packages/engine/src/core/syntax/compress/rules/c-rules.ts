import type { SyntaxNode } from '../../syntax-tree.js';
import type { CompressRules } from '../compress-rules.js';
import { types } from '../compress-rules.js';
import { bracedBodyField } from '../placeholders.js';

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
  body: bracedBodyField,
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
  body: bracedBodyField,
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
