import type { SyntaxNode } from '../../syntax-tree.js';
import type { CompressRules } from '../compress-rules.js';
import { childOfType, isMultiLine, types } from '../compress-rules.js';
import { bodyBeforeEnd, braceBody } from '../placeholders.js';

/** Ruby calls that declare rather than run: requires, mixins, accessors, visibility. */
const RUBY_DECLARING_CALLS = new Set([
  'require',
  'require_relative',
  'load',
  'autoload',
  'include',
  'extend',
  'prepend',
  'attr_reader',
  'attr_writer',
  'attr_accessor',
  'private',
  'protected',
  'public',
  'module_function',
  'private_constant',
  'alias_method',
  'delegate',
]);

function isRubyDeclaration(member: SyntaxNode): boolean {
  if (member.type === 'assignment') return member.childForFieldName('left')?.type === 'constant';
  if (member.type === 'identifier') return RUBY_DECLARING_CALLS.has(member.text);
  if (member.type !== 'call' || member.childForFieldName('receiver')) return false;
  return RUBY_DECLARING_CALLS.has(member.childForFieldName('method')?.text ?? '');
}

/** Ruby: `# ...` between the signature and `end`. */
export const RUBY_RULES: CompressRules = {
  definitions: types('method', 'singleton_method'),
  body: (definition, text) =>
    bodyBeforeEnd(
      definition,
      definition.childForFieldName('parameters') ?? definition.childForFieldName('name'),
      text,
      (indent, br) => `${br}${indent}  # ...${br}${indent}`,
    ),
  scopes: types('class', 'module', 'singleton_class'),
  isKept: isRubyDeclaration,
  imports: types(),
  others: 'drop',
  lineComment: '#',
};

/** Lua: `--[[ ... ]]` between the parameters and `end`. */
export const LUA_RULES: CompressRules = {
  definitions: types('function_declaration', 'function_definition'),
  body: (definition, text) =>
    bodyBeforeEnd(
      definition,
      definition.childForFieldName('parameters'),
      text,
      () => ' --[[ ... ]] ',
    ),
  scopes: types(),
  isKept: (member) =>
    member.type === 'variable_declaration' ||
    member.type === 'assignment_statement' ||
    member.type === 'return_statement',
  imports: types(),
  others: 'drop',
  lineComment: '--',
};

const BASH_SOURCE = /^(source|\.)$/;

/** Bash: `{ : ...; }` (a brace group must hold a command; `:` does nothing). */
export const BASH_RULES: CompressRules = {
  definitions: types('function_definition'),
  body: (definition, text) => braceBody(definition.childForFieldName('body'), text, '{ : ...; }'),
  scopes: types(),
  isKept: (member) =>
    member.type === 'variable_assignment' ||
    member.type === 'declaration_command' ||
    (member.type === 'command' && BASH_SOURCE.test(member.childForFieldName('name')?.text ?? '')),
  imports: types(),
  others: 'drop',
  lineComment: '#',
};

/**
 * Haskell: an equation's right-hand side (guards and `where` included) becomes `= undefined`
 * when it spans lines; type signatures, data types and classes stay.
 */
export const HASKELL_RULES: CompressRules = {
  definitions: types('function', 'bind'),
  body: (definition) => {
    if (!isMultiLine(definition)) return undefined;
    const head = definition.childForFieldName('patterns') ?? definition.childForFieldName('name');
    if (!head) return undefined;
    return { start: head.endIndex, end: definition.endIndex, text: ' = undefined' };
  },
  scopes: types('declarations', 'instance'),
  members: (scope) =>
    scope.type === 'instance'
      ? (childOfType(scope, types('instance_declarations'))?.namedChildren ?? [])
      : scope.namedChildren,
  isKept: (member) =>
    [
      'header',
      'imports',
      'signature',
      'data_type',
      'newtype',
      'type_synomym',
      'type_family',
      'type_instance',
      'data_family',
      'class',
      'pragma',
      'deriving_instance',
      'foreign_import',
      'foreign_export',
      'fixity',
      'role_annotation',
      'kind_signature',
      'pattern_synonym',
    ].includes(member.type),
  imports: types(),
  others: 'drop',
  lineComment: '--',
};
