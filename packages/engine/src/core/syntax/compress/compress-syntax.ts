import { countSyntaxErrors } from '../count-errors.js';
import type { GrammarId } from '../grammars.js';
import type { SyntaxParser } from '../parser.js';
import { applyEdits } from '../text-edit.js';
import { lineBreakOf } from './compress-rules.js';
import { compressTree } from './compress-tree.js';
import { RULES_BY_GRAMMAR } from './rules-by-grammar.js';

/** Without blank lines at the start and whitespace at the end (one line break, if it had one). */
function trimEnds(text: string, lineBreak: string): string {
  const start = /^\s*\n/.exec(text)?.[0].length ?? 0;
  let end = text.length;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end -= 1;
  return text.slice(start, end) + (end > start ? lineBreak : '');
}

export type Compression =
  | { readonly ok: true; readonly text: string }
  /** `reason` completes "not compressed: ..."; the caller keeps the text whole. */
  | { readonly ok: false; readonly reason: string };

/**
 * Compresses a file's text with its grammar's rules. A file whose parse has errors is not
 * touched (the tree would mislead the cut); a result that parses with errors is refused.
 */
export async function compressSyntax(
  text: string,
  grammar: GrammarId,
  parser: SyntaxParser,
): Promise<Compression> {
  const rules = RULES_BY_GRAMMAR[grammar];
  if (rules === 'data') return { ok: true, text };
  const tree = await parser.parse(grammar, text);
  if (!tree) return { ok: false, reason: `the ${grammar} parser gave no tree` };
  // Read everything needed from this tree now: the next parse frees it.
  const errors = countSyntaxErrors(tree.rootNode);
  if (errors > 0) {
    return { ok: false, reason: `the ${grammar} parse has ${errors} syntax error(s)` };
  }
  const edits = compressTree(tree.rootNode, text, grammar, rules);
  if (edits.length === 0) return { ok: true, text };
  // Whitespace at either end of a file that parses is outside every literal: dropped statements
  // leave no blank lines there.
  const result = trimEnds(applyEdits(text, edits), text.endsWith('\n') ? lineBreakOf(text) : '');
  const check = await parser.parse(grammar, result);
  if (!check) return { ok: false, reason: `the ${grammar} parser gave no tree for the result` };
  const errorsAfter = countSyntaxErrors(check.rootNode);
  if (errorsAfter > 0) {
    return { ok: false, reason: `the result would have ${errorsAfter} syntax error(s)` };
  }
  return { ok: true, text: result };
}
