import { COMMENT_TYPES } from '../packages/engine/src/core/syntax/comment-rules.js';
import { countSyntaxErrors } from '../packages/engine/src/core/syntax/count-errors.js';
import type { GrammarId } from '../packages/engine/src/core/syntax/grammars.js';
import type { SyntaxParser } from '../packages/engine/src/core/syntax/parser.js';
import type { SyntaxNode } from '../packages/engine/src/core/syntax/syntax-tree.js';
import { docstringEdits } from '../packages/engine/src/core/syntax/python-docstrings.js';
import { collectLiterals } from '../packages/engine/src/core/syntax/test-support/literals.js';

/** What a parse says about one text: its error count, literals, code and comments in order. */
export interface ParseFacts {
  readonly errors: number;
  readonly literals: readonly string[];
  /** Leaf tokens outside comments and docstrings (Python `pass` left out: it may stand in for one). */
  readonly code: readonly string[];
  /** Comments and Python docstrings still in the text. */
  readonly comments: readonly string[];
}

interface Range {
  readonly start: number;
  readonly end: number;
}

/** Leaves and comments in text order, with one cursor (a node object per step would be slow). */
function codeAndComments(
  root: SyntaxNode,
  text: string,
  docstrings: readonly Range[],
  grammar: GrammarId,
): { code: string[]; comments: string[] } {
  const code: string[] = [];
  const comments: string[] = docstrings.map((range) => text.slice(range.start, range.end));
  const inDocstring = (start: number, end: number): boolean =>
    docstrings.some((range) => start >= range.start && end <= range.end);
  const cursor = root.walk();
  const visit = (): void => {
    const { nodeType, startIndex, endIndex } = cursor;
    if (COMMENT_TYPES.has(nodeType)) {
      comments.push(text.slice(startIndex, endIndex));
      return;
    }
    if (inDocstring(startIndex, endIndex)) return;
    if (cursor.gotoFirstChild()) {
      do visit();
      while (cursor.gotoNextSibling());
      cursor.gotoParent();
      return;
    }
    if (endIndex > startIndex && !(grammar === 'python' && nodeType === 'pass')) {
      code.push(text.slice(startIndex, endIndex));
    }
  };
  visit();
  cursor.delete();
  return { code, comments };
}

/**
 * Parses a text and reads its facts at once (the parser frees the tree on its next call).
 * Python docstrings are left out of the literals and the code: both tools remove them on purpose.
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
    ...codeAndComments(tree.rootNode, text, docstrings, grammar),
  };
}

/** One tool's result on one file, judged against the original. */
export interface Verdict {
  /** More syntax errors than the original had. */
  readonly regressed: boolean;
  /** Some string, regex or other literal differs from the original's. */
  readonly literalsChanged: boolean;
  /** The code tokens (comments and docstrings aside) differ from the original's. */
  readonly codeChanged: boolean;
  /** Code tokens of the original the result no longer has (counted as a multiset). */
  readonly lostCode: readonly string[];
  /** Comments and docstrings left in the result. */
  readonly commentsLeft: readonly string[];
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Items of `from` that `to` lacks, as many times as `from` has them beyond `to`. */
function missing(from: readonly string[], to: readonly string[]): string[] {
  const available = new Map<string, number>();
  for (const item of to) available.set(item, (available.get(item) ?? 0) + 1);
  const lost: string[] = [];
  for (const item of from) {
    const count = available.get(item) ?? 0;
    if (count > 0) available.set(item, count - 1);
    else lost.push(item);
  }
  return lost;
}

export function judge(original: ParseFacts, result: ParseFacts): Verdict {
  return {
    regressed: result.errors > original.errors,
    literalsChanged: !sameSequence(result.literals, original.literals),
    codeChanged: !sameSequence(result.code, original.code),
    lostCode: missing(original.code, result.code),
    commentsLeft: result.comments,
  };
}

/** One tool's result on one file: tokens before and after, the verdict, and token counts of it. */
export interface ToolOutcome {
  readonly before: number;
  readonly after: number;
  readonly verdict: Verdict;
  /** Tokens of the code the result lost (its lost leaves, counted joined by spaces). */
  readonly codeTokensLost: number;
  /** Tokens of the comments and docstrings left in the result. */
  readonly commentTokensLeft: number;
}

/** Per language and tool: token totals and the count of damaged files. */
export interface Tally {
  files: number;
  before: number;
  after: number;
  regressions: number;
  literalsChanged: number;
  codeChanged: number;
  codeTokensLost: number;
  commentTokensLeft: number;
}

export function emptyTally(): Tally {
  return {
    files: 0,
    before: 0,
    after: 0,
    regressions: 0,
    literalsChanged: 0,
    codeChanged: 0,
    codeTokensLost: 0,
    commentTokensLeft: 0,
  };
}

export function addToTally(tally: Tally, outcome: ToolOutcome): void {
  tally.files += 1;
  tally.before += outcome.before;
  tally.after += outcome.after;
  if (outcome.verdict.regressed) tally.regressions += 1;
  if (outcome.verdict.literalsChanged) tally.literalsChanged += 1;
  if (outcome.verdict.codeChanged) tally.codeChanged += 1;
  tally.codeTokensLost += outcome.codeTokensLost;
  tally.commentTokensLeft += outcome.commentTokensLeft;
}

export function savedPercent(tally: Tally): string {
  return tally.before === 0 ? '-' : `${((1 - tally.after / tally.before) * 100).toFixed(1)}%`;
}

/**
 * The share saved by removing comments alone: code a tool deleted is not a saving. Approximate, as
 * `codeTokensLost` is (the lost leaves tokenized joined by spaces).
 */
export function savedOnCommentsPercent(tally: Tally): string {
  if (tally.before === 0) return '-';
  const saved = tally.before - tally.after - tally.codeTokensLost;
  return `${((saved / tally.before) * 100).toFixed(1)}%`;
}
