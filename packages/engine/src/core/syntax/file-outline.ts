import { buildOutline } from './build-outline.js';
import { chooseGrammar } from './choose-grammar.js';
import { grammarOf } from './grammars.js';
import { numberOutline } from './number-outline.js';
import type { SyntaxOutline } from './outline.js';
import type { SyntaxParser } from './parser.js';

/**
 * The outline of a file's final content, for semantic and auto chunking. `text` is the content
 * before the line-number step; when that step ran (`numbered`), offsets are moved through its
 * prefixes. Undefined when no grammar ships for the language or the parser gave no tree.
 */
export async function fileOutline(
  text: string,
  language: string,
  parser: SyntaxParser,
  numbered: boolean,
): Promise<SyntaxOutline | undefined> {
  const mapped = grammarOf(language);
  if (!mapped) return undefined;
  const grammar = await chooseGrammar(text, mapped, parser);
  const tree = await parser.parse(grammar, text);
  if (!tree) return undefined;
  const outline = buildOutline(tree.rootNode, text, grammar);
  return numbered ? numberOutline(outline, text) : outline;
}
