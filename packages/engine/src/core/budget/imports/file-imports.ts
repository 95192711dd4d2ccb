import { chooseGrammar } from '../../syntax/choose-grammar.js';
import { grammarOf } from '../../syntax/grammars.js';
import type { SyntaxParser } from '../../syntax/parser.js';
import type { ImportReference } from './import-reference.js';
import { importsInTree } from './imports-in-tree.js';
import { TREE_IMPORT_RULES } from './tree-import-rules.js';

/**
 * A file's imports read from its syntax tree, or undefined when there is no tree to read them
 * from (no grammar, a grammar without imports, a parse that gave up): ranking then reads them by
 * pattern. A file that never writes an import keyword is not parsed; otherwise the parser hands
 * back the tree it parsed last when the text is the same, so after the outline or the
 * comment-removal check this costs no parse of its own.
 */
export async function fileImports(
  text: string,
  language: string,
  parser: SyntaxParser,
): Promise<ImportReference[] | undefined> {
  const mapped = grammarOf(language);
  const rule = mapped && TREE_IMPORT_RULES[mapped];
  if (!mapped || !rule) return undefined;
  // No keyword an import starts with, so no import: nothing to parse for.
  if (text.search(rule.anchor) === -1) return [];
  const grammar = await chooseGrammar(text, mapped, parser);
  const tree = await parser.parse(grammar, text);
  return tree ? importsInTree(tree.rootNode, text, grammar) : undefined;
}
