import { chooseGrammar } from '../../syntax/choose-grammar.js';
import { grammarOf } from '../../syntax/grammars.js';
import { removeSyntaxComments } from '../../syntax/remove-syntax-comments.js';
import type { CommentRemoval } from '../../syntax/remove-syntax-comments.js';
import type { Transform, TransformContext } from '../transform.js';
import { LEXER_RULES, NO_COMMENTS } from '../../syntax/lexer/lexer-rules.js';
import { removeLexedComments } from './remove-lexed-comments.js';

/** Markup without a shipped grammar: only `<!-- -->` comments are removed. */
const MARKUP = new Set(['xml', 'vue', 'svelte', 'astro']);

/** Percent-format cell markers (`# %%`, `// %% [markdown]`) of a converted notebook. */
const CELL_MARKER = /^(#|\/\/|--|%|;)\s*%%/;
const isCellMarker = (comment: string): boolean => CELL_MARKER.test(comment);

function failure(grammar: string, error: unknown): CommentRemoval {
  const detail = error instanceof Error ? error.message : String(error);
  return { ok: false, reason: `the ${grammar} parser failed (${detail})` };
}

async function removeComments(text: string, context: TransformContext): Promise<string> {
  const { language, options, parser } = context;
  const keepLicenseHeader = options.keepLicenseHeader;
  // A notebook reaches this step as source in its kernel's language; its cells stay marked.
  const keep = context.name.toLowerCase().endsWith('.ipynb') ? isCellMarker : undefined;
  const mapped = grammarOf(language);
  if (mapped) {
    if (!parser) {
      context.note('comments kept: no parser was available');
      return text;
    }
    const result = await chooseGrammar(text, mapped, parser)
      .then((grammar) =>
        removeSyntaxComments(text, grammar, parser, {
          keepLicenseHeader,
          ...(keep ? { keep } : {}),
        }),
      )
      .catch((error: unknown) => failure(language, error));
    if (result.ok) return result.text;
    context.note(`comments kept: ${result.reason}`);
    return text;
  }
  const rules = MARKUP.has(language) ? 'markup' : LEXER_RULES[language];
  if (!rules) {
    if (!NO_COMMENTS.has(language)) context.note(`comments kept: no parser for ${language} files`);
    return text;
  }
  const result = removeLexedComments(text, rules, keepLicenseHeader, keep);
  if (result.ok) return result.text;
  context.note(`comments kept: the ${language} scanner stopped at ${result.reason}`);
  return text;
}

/**
 * Comments are removed from the syntax tree where a grammar ships (directives, shebangs
 * and encoding cookies kept; Python docstrings removed), by a conservative scanner for common
 * families otherwise. A result that would not parse as well as the input is refused with a note.
 */
export const removeCommentsTransform: Transform = {
  name: 'remove-comments',
  isEnabled: (options) => options.removeComments,
  apply: (text, context) => removeComments(text, context),
};
