import type { GrammarId } from './grammars.js';
import type { SyntaxTree } from './syntax-tree.js';

/**
 * Parses text with a shipped grammar. io/syntax implements it with web-tree-sitter (grammars
 * loaded lazily, once per thread); core receives it through the transform context and
 * processFile, never importing the parser library or reading wasm files itself.
 */
export interface SyntaxParser {
  /**
   * The tree of `text`, or undefined when the grammar could not be loaded or parsing gave up
   * (time budget). The tree stays valid until the next call on this parser, which frees it:
   * read what you need before parsing again. Parsing the same text twice in a row returns the
   * same tree without parsing again. So one caller at a time: callers that overlap in time (files
   * processed concurrently on one thread) must take turns for the whole of their syntax work.
   */
  parse(grammar: GrammarId, text: string): Promise<SyntaxTree | undefined>;
}
