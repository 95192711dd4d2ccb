/**
 * The part of a concrete syntax tree that core reads. It is a structural subset of
 * web-tree-sitter's `Node`/`Tree` (io/syntax hands those over as they are), so core stays free of
 * the parser library and tests could supply any tree of this shape. Offsets are UTF-16 code-unit
 * indices into the parsed string, `endIndex` exclusive.
 */
export interface SyntaxPoint {
  readonly row: number;
  readonly column: number;
}

export interface SyntaxNode {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: SyntaxPoint;
  readonly endPosition: SyntaxPoint;
  readonly isNamed: boolean;
  readonly isError: boolean;
  readonly isMissing: boolean;
  /** True when this node or a descendant is an error or missing node. */
  readonly hasError: boolean;
  readonly text: string;
  readonly parent: SyntaxNode | null;
  readonly childCount: number;
  readonly namedChildCount: number;
  readonly children: readonly SyntaxNode[];
  readonly namedChildren: readonly SyntaxNode[];
  child(index: number): SyntaxNode | null;
  namedChild(index: number): SyntaxNode | null;
  childForFieldName(fieldName: string): SyntaxNode | null;
  /** The smallest node that spans [start, end] (end defaults to start). */
  descendantForIndex(start: number, end?: number): SyntaxNode | null;
  readonly nextSibling: SyntaxNode | null;
  readonly nextNamedSibling: SyntaxNode | null;
  readonly previousNamedSibling: SyntaxNode | null;
  /** A cursor over this node's subtree: the cheap way to visit many nodes. */
  walk(): SyntaxCursor;
}

/** Walks a tree without creating a node object per step; free it with delete(). */
export interface SyntaxCursor {
  readonly nodeType: string;
  readonly nodeIsNamed: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly currentNode: SyntaxNode;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  delete(): void;
}

export interface SyntaxTree {
  readonly rootNode: SyntaxNode;
}
