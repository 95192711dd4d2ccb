import { countSyntaxErrors } from './count-errors.js';
import type { GrammarId } from './grammars.js';
import type { SyntaxParser } from './parser.js';

/**
 * The grammar to parse a file's text with, given the one its language maps to. `.h` files are C
 * or C++ by name alike: a C file whose C parse has errors is tried as C++, and the grammar with
 * fewer errors wins.
 */
export async function chooseGrammar(
  text: string,
  grammar: GrammarId,
  parser: SyntaxParser,
): Promise<GrammarId> {
  if (grammar !== 'c') return grammar;
  const asC = await parser.parse('c', text);
  if (!asC?.rootNode.hasError) return 'c';
  const errorsAsC = countSyntaxErrors(asC.rootNode);
  const asCpp = await parser.parse('cpp', text);
  return asCpp && countSyntaxErrors(asCpp.rootNode) < errorsAsC ? 'cpp' : 'c';
}
