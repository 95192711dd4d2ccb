import { countSyntaxErrors } from './count-errors.js';
import type { CommentEditOptions } from './find-comment-edits.js';
import { findCommentEdits } from './find-comment-edits.js';
import type { GrammarId } from './grammars.js';
import type { SyntaxParser } from './parser.js';
import { applyCommentEdits } from './tidy-edits.js';

export type CommentRemoval =
  | { readonly ok: true; readonly text: string; readonly removed: number }
  | { readonly ok: false; readonly reason: string };

/**
 * Removes comments found in the syntax tree, then re-parses the result: when it has more syntax
 * errors than the input had, the removal is refused (the caller keeps the original text).
 */
export async function removeSyntaxComments(
  text: string,
  grammar: GrammarId,
  parser: SyntaxParser,
  options: CommentEditOptions,
): Promise<CommentRemoval> {
  const tree = await parser.parse(grammar, text);
  if (!tree) return { ok: false, reason: `the ${grammar} parser gave no tree` };
  // Read everything needed from this tree now: the next parse frees it.
  const errorsBefore = countSyntaxErrors(tree.rootNode);
  const edits = findCommentEdits(tree.rootNode, text, grammar, options);
  if (edits.length === 0) return { ok: true, text, removed: 0 };
  const result = applyCommentEdits(text, edits);
  const check = await parser.parse(grammar, result);
  if (!check) return { ok: false, reason: `the ${grammar} parser gave no tree for the result` };
  const errorsAfter = countSyntaxErrors(check.rootNode);
  if (errorsAfter > errorsBefore) {
    return {
      ok: false,
      reason: `removing them would add ${errorsAfter - errorsBefore} syntax error(s)`,
    };
  }
  return { ok: true, text: result, removed: edits.length };
}
