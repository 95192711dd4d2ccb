import type { SyntaxNode } from '../syntax-tree.js';

/** What replaces a definition's body: `[start, end)` of the text becomes `text`. */
export interface BodyEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * How one grammar is compressed: which nodes are definitions whose body gives way to a
 * placeholder, which are scopes whose members are compressed in turn (classes, namespaces,
 * modules), and which members are kept. These node-type tables are the per-language queries;
 * compress-tree.ts walks the tree with them.
 */
export interface CompressRules {
  /** Definitions with a body (functions, methods, constructors, CSS rules, Make rules). */
  readonly definitions: ReadonlySet<string>;
  /** The edit that replaces a definition's body, or undefined to keep it (empty, one line). */
  body(definition: SyntaxNode, text: string): BodyEdit | undefined;
  /** Scopes whose members are compressed one by one. */
  readonly scopes: ReadonlySet<string>;
  /** Nodes of other types that are scopes where they stand (a module wrapper function). */
  isScope?(node: SyntaxNode): boolean;
  /**
   * A scope's members, in order (default: the named children of its `body`, none without one);
   * the root's are always its named children.
   */
  members?(scope: SyntaxNode): readonly SyntaxNode[];
  /** Members kept whole, apart from definitions inside them: imports, types, fields, constants. */
  isKept(member: SyntaxNode): boolean;
  /** Imports: a statement holding one is kept (`try: import x` ...), like one holding a definition. */
  readonly imports: ReadonlySet<string>;
  /** Siblings that belong to the member after them (decorators, attributes). */
  readonly attached?: ReadonlySet<string>;
  /**
   * Members that are none of the above: `drop` for code (statements that run are not what a
   * model needs to navigate), `keep` for style sheets, markup and makefiles.
   */
  readonly others: 'drop' | 'keep';
  /** Marks a line comment (a doc line from a block comment is written as one); absent: a C block comment. */
  readonly lineComment?: string;
  /** A scope whose members are all dropped needs this in their place (Python's `...`). */
  emptyScope?(scope: SyntaxNode, text: string): BodyEdit | undefined;
  /** A string statement at the top of a scope is its documentation (Python docstrings). */
  readonly docstrings?: boolean;
}

/** Node types as a set. */
export const types = (...names: string[]): ReadonlySet<string> => new Set(names);

/** The text of a node's child for a field, or undefined. */
export function fieldText(node: SyntaxNode, field: string): string | undefined {
  return node.childForFieldName(field)?.text;
}

/** The first named child of one of the given types. */
export function childOfType(node: SyntaxNode, names: ReadonlySet<string>): SyntaxNode | undefined {
  return node.namedChildren.find((child) => names.has(child.type));
}

/** The whitespace that starts the line holding `index`. */
export function lineIndent(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, index + 1))?.[0] ?? '';
}

/** The file's line break (`\r\n` when its first line ends so), for the lines placeholders add. */
export function lineBreakOf(text: string): string {
  const first = text.indexOf('\n');
  return first > 0 && text[first - 1] === '\r' ? '\r\n' : '\n';
}

/** True when the node spans more than one line. */
export const isMultiLine = (node: SyntaxNode): boolean =>
  node.endPosition.row > node.startPosition.row;
