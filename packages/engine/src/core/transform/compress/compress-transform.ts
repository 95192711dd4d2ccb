import { chooseGrammar } from '../../syntax/choose-grammar.js';
import { compressSyntax } from '../../syntax/compress/compress-syntax.js';
import { grammarOf } from '../../syntax/grammars.js';
import { NO_COMMENTS } from '../../syntax/lexer/lexer-rules.js';
import type { Transform, TransformContext } from '../transform.js';

async function compress(text: string, context: TransformContext): Promise<string> {
  const { language, parser } = context;
  const mapped = grammarOf(language);
  if (!mapped) {
    // Prose and data have no signatures to keep: whole, and nothing to say about it.
    if (!NO_COMMENTS.has(language)) context.note(`not compressed: no parser for ${language} files`);
    return text;
  }
  if (!parser) {
    context.note('not compressed: no parser was available');
    return text;
  }
  try {
    const grammar = await chooseGrammar(text, mapped, parser);
    const result = await compressSyntax(text, grammar, parser);
    if (result.ok) return result.text;
    context.note(`not compressed: ${result.reason}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    context.note(`not compressed: the ${language} parser failed (${detail})`);
  }
  return text;
}

/**
 * Signatures only: each file reduced to its imports, type declarations and the signatures of its
 * classes and functions (with the first line of their documentation), bodies replaced by a
 * placeholder its language accepts. A file that cannot be compressed stays whole with a note.
 */
export const compressTransform: Transform = {
  name: 'compress',
  isEnabled: (options) => options.compress,
  apply: (text, context) => compress(text, context),
};
