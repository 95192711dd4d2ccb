import type { SyntaxNode } from './syntax-tree.js';

/** Definition node types of the shipped grammars, by the word a chunk header uses for them. */
const LABELS: readonly (readonly [string, readonly string[]])[] = [
  [
    'method',
    [
      'method_definition',
      'method_declaration',
      'method',
      'singleton_method',
      'method_signature',
      'abstract_method_signature',
    ],
  ],
  ['constructor', ['constructor_declaration']],
  [
    'function',
    [
      'function_declaration',
      'function_definition',
      'function_item',
      'function_signature_item',
      'generator_function_declaration',
      'function_signature',
      'local_function_declaration',
      'function',
    ],
  ],
  [
    'class',
    [
      'class_declaration',
      'class_definition',
      'class_specifier',
      'class',
      'abstract_class_declaration',
    ],
  ],
  ['interface', ['interface_declaration']],
  ['struct', ['struct_item', 'struct_specifier', 'struct_declaration']],
  ['union', ['union_item', 'union_specifier']],
  ['enum', ['enum_declaration', 'enum_item', 'enum_specifier', 'enum_definition']],
  ['trait', ['trait_item', 'trait_definition', 'trait_declaration']],
  ['impl', ['impl_item']],
  ['record', ['record_declaration']],
  ['object', ['object_declaration', 'object_definition']],
  ['module', ['mod_item', 'module', 'internal_module', 'module_declaration']],
  [
    'namespace',
    ['namespace_definition', 'namespace_declaration', 'file_scoped_namespace_declaration'],
  ],
  ['type', ['type_alias_declaration', 'type_item', 'type_alias', 'type_definition']],
  ['macro', ['macro_definition']],
];

const LABEL_OF: ReadonlyMap<string, string> = new Map(
  LABELS.flatMap(([label, types]) => types.map((type) => [type, label] as const)),
);

/** Labels whose members are methods rather than functions. */
const CLASS_LIKE = new Set([
  'class',
  'struct',
  'impl',
  'trait',
  'interface',
  'object',
  'record',
  'enum',
]);

const NAME_TYPES = new Set([
  'identifier',
  'type_identifier',
  'constant',
  'simple_identifier',
  'property_identifier',
  'field_identifier',
  'name',
  'word',
  'scope_resolution',
  'qualified_identifier',
]);

const MAX_NAME = 80;

function clean(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > MAX_NAME ? `${single.slice(0, MAX_NAME - 1)}…` : single;
}

/** C and C++ bury a function's name in nested declarators (`*f(int)`, `ns::f`). */
function declaratorName(node: SyntaxNode): SyntaxNode | null {
  let current: SyntaxNode | null = node.childForFieldName('declarator');
  for (let depth = 0; current && depth < 8; depth++) {
    const inner = current.childForFieldName('declarator');
    if (!inner) return current;
    current = inner;
  }
  return current;
}

function nameNode(node: SyntaxNode): SyntaxNode | null {
  const byField = node.childForFieldName('name') ?? declaratorName(node);
  if (byField) return byField;
  return node.namedChildren.find((child) => NAME_TYPES.has(child.type)) ?? null;
}

/** `impl Trait for Type` / `impl Type`. */
function implName(node: SyntaxNode): string | undefined {
  const type = node.childForFieldName('type');
  if (!type) return undefined;
  const trait = node.childForFieldName('trait');
  return clean(trait ? `${trait.text} for ${type.text}` : type.text);
}

/** Go: `type Foo struct {...}` is a type_declaration holding one type_spec. */
function goTypeName(node: SyntaxNode): string | undefined {
  const specs = node.namedChildren.filter(
    (child) => child.type === 'type_spec' || child.type === 'type_alias',
  );
  const spec = specs[0];
  if (specs.length !== 1 || !spec) return undefined;
  const name = spec.childForFieldName('name');
  if (!name) return undefined;
  const kind = spec.childForFieldName('type')?.type;
  const label =
    kind === 'struct_type' ? 'struct' : kind === 'interface_type' ? 'interface' : 'type';
  return `${label} ${clean(name.text)}`;
}

/** `const foo = () => {}` and `const Foo = class {}` name a function or class. */
function variableDefinitionName(node: SyntaxNode): string | undefined {
  const declarators = node.namedChildren.filter((child) => child.type === 'variable_declarator');
  const declarator = declarators[0];
  if (declarators.length !== 1 || !declarator) return undefined;
  const value = declarator.childForFieldName('value')?.type;
  const name = declarator.childForFieldName('name');
  if (!name || !value) return undefined;
  if (value === 'arrow_function' || value === 'function_expression' || value === 'function') {
    return `function ${clean(name.text)}`;
  }
  if (value === 'class') return `class ${clean(name.text)}`;
  return undefined;
}

const SPECIAL = new Set([
  'type_declaration',
  'lexical_declaration',
  'variable_declaration',
  'impl_item',
  'decorated_definition',
]);

/** Whether definitionName can name a node of this type (cheap pre-check on the type alone). */
export function mayBeDefinition(type: string): boolean {
  return LABEL_OF.has(type) || SPECIAL.has(type);
}

/**
 * How a chunk header names a definition node ("class Foo", "method bar", "function main"), or
 * undefined for nodes that are not definitions. `enclosing` is the label of the nearest
 * enclosing definition, so functions of a class read as methods.
 */
export function definitionName(
  node: SyntaxNode,
  enclosing: string | undefined,
): string | undefined {
  switch (node.type) {
    case 'type_declaration':
      return goTypeName(node);
    case 'lexical_declaration':
    case 'variable_declaration':
      return variableDefinitionName(node);
    case 'impl_item': {
      const name = implName(node);
      return name ? `impl ${name}` : 'impl';
    }
    case 'decorated_definition': {
      const inner = node.childForFieldName('definition');
      return inner ? definitionName(inner, enclosing) : undefined;
    }
  }
  let label = LABEL_OF.get(node.type);
  if (!label) return undefined;
  if (label === 'function' && enclosing !== undefined && CLASS_LIKE.has(enclosing))
    label = 'method';
  const name = nameNode(node);
  return name ? `${label} ${clean(name.text)}` : undefined;
}

/** The label word of a definition name ("class" for "class Foo"). */
export function labelOf(name: string): string {
  const space = name.indexOf(' ');
  return space === -1 ? name : name.slice(0, space);
}
