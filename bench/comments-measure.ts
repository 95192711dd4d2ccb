import { COMMENT_TYPES } from '../packages/engine/src/core/syntax/comment-rules.js';
import { countSyntaxErrors } from '../packages/engine/src/core/syntax/count-errors.js';
import type { GrammarId } from '../packages/engine/src/core/syntax/grammars.js';
import type { SyntaxParser } from '../packages/engine/src/core/syntax/parser.js';
import { docstringEdits } from '../packages/engine/src/core/syntax/python-docstrings.js';
import { collectLiterals } from '../packages/engine/src/core/syntax/testing/literals.js';

/** What a parse says about one text: its error count and literal contents in order. */
export interface ParseFacts {
  readonly errors: number;
  readonly literals: readonly string[];
}

/**
 * Parses a text and reads its facts at once (the parser frees the tree on its next call).
 * Python docstrings are left out of the literals: both tools remove them on purpose.
 */
export async function parseFacts(
  parser: SyntaxParser,
  grammar: GrammarId,
  text: string,
): Promise<ParseFacts | undefined> {
  const tree = await parser.parse(grammar, text);
  if (!tree) return undefined;
  const docstrings =
    grammar === 'python' ? docstringEdits(tree.rootNode, (type) => COMMENT_TYPES.has(type)) : [];
  return {
    errors: countSyntaxErrors(tree.rootNode),
    literals: collectLiterals(tree.rootNode, text, docstrings),
  };
}

/** One tool's result on one file, judged against the original. */
export interface Verdict {
  /** More syntax errors than the original had. */
  readonly regressed: boolean;
  /** Some string, regex or other literal differs from the original's. */
  readonly literalsChanged: boolean;
}

export function judge(original: ParseFacts, result: ParseFacts): Verdict {
  return {
    regressed: result.errors > original.errors,
    literalsChanged:
      result.literals.length !== original.literals.length ||
      result.literals.some((literal, index) => literal !== original.literals[index]),
  };
}

/** Per language and tool: token totals and the count of damaged files. */
export interface Tally {
  files: number;
  before: number;
  after: number;
  regressions: number;
  literalsChanged: number;
  examples: string[];
}

export function emptyTally(): Tally {
  return { files: 0, before: 0, after: 0, regressions: 0, literalsChanged: 0, examples: [] };
}

export function addToTally(
  tally: Tally,
  before: number,
  after: number,
  verdict: Verdict,
  path: string,
): void {
  tally.files += 1;
  tally.before += before;
  tally.after += after;
  if (verdict.regressed) tally.regressions += 1;
  if (verdict.literalsChanged) tally.literalsChanged += 1;
  if ((verdict.regressed || verdict.literalsChanged) && tally.examples.length < 5) {
    tally.examples.push(path);
  }
}

export function savedPercent(tally: Tally): string {
  return tally.before === 0 ? '-' : `${((1 - tally.after / tally.before) * 100).toFixed(1)}%`;
}
