import type { CompressRules } from '../compress-rules.js';
import { childOfType, types } from '../compress-rules.js';
import { braceBody, bracedBodyField, braceOrExpression } from '../placeholders.js';

export const JAVA_RULES: CompressRules = {
  definitions: types(
    'method_declaration',
    'constructor_declaration',
    'compact_constructor_declaration',
  ),
  body: bracedBodyField,
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
