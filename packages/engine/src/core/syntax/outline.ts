/**
 * The syntax structure of one processed file, reduced to what chunking needs: nested ranges of
 * the file's final content (after every transform, line numbers included) with their kind and,
 * for definitions, a display name. Computed in the worker that parsed the file and sent to the
 * chunk planner, so it holds plain data only (structured-clone friendly).
 */
export interface OutlineNode {
  /** UTF-16 offsets into `ProcessedFile.content`; `end` exclusive. */
  readonly start: number;
  readonly end: number;
  /**
   * The grammar's node type (`function_declaration`, `class_definition`, ...), or RUN_KIND for
   * adjacent small nodes on a very long line kept as one.
   */
  readonly kind: string;
  /**
   * Set on definitions (functions, methods, classes, interfaces, modules...): how the chunk
   * header names it, e.g. "class Foo", "method bar", "function main".
   */
  readonly name?: string;
  /** Named children, in order, non-overlapping, within [start, end). */
  readonly children: readonly OutlineNode[];
}

/**
 * The kind of a run of adjacent small sibling nodes on a line too long to list them one by one
 * (build-outline.ts): a leaf like any other, since a cut inside it may split one of them.
 */
export const RUN_KIND = '(run)';

export interface SyntaxOutline {
  /** The grammar that parsed the file (`typescript`, `python`...). */
  readonly grammar: string;
  /** The root's named children, in order. Text between them (whitespace, comments) is loose. */
  readonly nodes: readonly OutlineNode[];
  /** True when the parse had error nodes; strategies may then prefer line-based cuts. */
  readonly hasErrors: boolean;
}
