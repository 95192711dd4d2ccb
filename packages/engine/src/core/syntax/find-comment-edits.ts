import type { CommentFacts } from './comment-rules.js';
import {
  COMMENT_TYPES,
  LICENSE_TEXT,
  commentMarkers,
  isKeptComment,
  isLicenseComment,
} from './comment-rules.js';
import type { GrammarId } from './grammars.js';
import { C_LIKE } from './lexer/lexer-rules.js';
import { scanComments } from './lexer/scan-comments.js';
import { docstringEdits } from './python-docstrings.js';
import type { SyntaxNode } from './syntax-tree.js';
import type { TextEdit } from './text-edit.js';

export interface CommentEditOptions {
  /** Keep a licence header at the top of the file (and `/*!`, `@license` comments anywhere). */
  readonly keepLicenseHeader: boolean;
  /** Comments the caller needs kept (a converted notebook's cell markers). */
  readonly keep?: (comment: string) => boolean;
}

const isComment = (type: string): boolean => COMMENT_TYPES.has(type);

/** Root children that come before code without being code (`<?php`, `#!` in JavaScript). */
const PREAMBLE_TYPES = new Set(['php_tag', 'hash_bang_line']);

/**
 * Parents a comment cannot really have: a grammar that lexes comments everywhere (HTML inside a
 * quoted attribute value) would otherwise have us cut into a literal. Implicitly concatenated
 * strings (`"a" # note` then `"b"` in Python, `"a" /* note *\/ "b"` in C) hold real comments
 * between their parts.
 */
const LITERAL_PARENT = /string|attribute_value|heredoc|raw_text/;
const BETWEEN_LITERALS = 'concatenated_string';

function isLiteralParent(type: string | undefined): boolean {
  return type !== undefined && type !== BETWEEN_LITERALS && LITERAL_PARENT.test(type);
}

/** The comment node that starts exactly at `index`, if any. */
function commentAt(root: SyntaxNode, index: number): SyntaxNode | undefined {
  let node: SyntaxNode | null = root.descendantForIndex(index, index + 1);
  for (let depth = 0; node && depth < 4; depth++, node = node.parent) {
    if (!isComment(node.type)) continue;
    if (node.startIndex !== index || isLiteralParent(node.parent?.type)) return undefined;
    return node;
  }
  return undefined;
}

/** Ranges of ERROR nodes: what the parser calls a comment there may be inside a string. */
function errorRanges(node: SyntaxNode, ranges: [number, number][] = []): [number, number][] {
  if (!node.hasError) return ranges;
  if (node.isError) ranges.push([node.startIndex, node.endIndex]);
  else for (const child of node.children) errorRanges(child, ranges);
  return ranges;
}

/** A comment: a node of the tree, or a range found inside a C macro body. */
interface FoundComment {
  readonly start: number;
  readonly end: number;
  readonly node?: SyntaxNode;
}

/**
 * tree-sitter-c reads a macro body (`#define X 1 // note`) as one raw token, line comments
 * included. The body is C tokens, so the C-like scanner finds its comments.
 */
function macroComments(root: SyntaxNode, text: string, index: number): FoundComment[] | undefined {
  const node = root.descendantForIndex(index, index + 1);
  if (node?.type !== 'preproc_arg') return undefined;
  const scan = scanComments(text.slice(node.startIndex, node.endIndex), C_LIKE);
  if (!scan.ok) return undefined;
  // A line comment ending in a backslash swallows the next line in C: leave such macros alone.
  const body = text.slice(node.startIndex, node.endIndex);
  if (scan.comments.some((range) => body[range.end - 1] === '\\')) return undefined;
  return scan.comments.map((range) => ({
    start: node.startIndex + range.start,
    end: node.startIndex + range.end,
  }));
}

/** Every comment, found from the grammar's comment markers in the text. */
function findComments(root: SyntaxNode, text: string, grammar: GrammarId): FoundComment[] {
  const comments: FoundComment[] = [];
  const markers = commentMarkers(grammar);
  const errors = errorRanges(root);
  const inError = (start: number, end: number): boolean =>
    errors.some((range) => start >= range[0] && end <= range[1]);
  const hasMacros = grammar === 'c' || grammar === 'cpp';
  let coveredUntil = 0;
  for (let match = markers.exec(text); match; match = markers.exec(text)) {
    if (match.index < coveredUntil) continue;
    const node = commentAt(root, match.index);
    const found = node
      ? [{ start: node.startIndex, end: node.endIndex, node }]
      : hasMacros
        ? macroComments(root, text, match.index)
        : undefined;
    if (!found || found.length === 0) continue;
    const last = found[found.length - 1] as FoundComment;
    coveredUntil = node ? node.endIndex : Math.max(last.end, match.index + 1);
    markers.lastIndex = Math.max(markers.lastIndex, coveredUntil);
    for (const comment of found) {
      if (comment.start >= match.index && !inError(comment.start, comment.end)) {
        comments.push(comment);
      }
    }
  }
  return comments;
}

/** Where the first code (anything but comments, docstrings and preambles) starts. */
function codeStart(root: SyntaxNode, docstrings: readonly TextEdit[]): number {
  const docstringStarts = new Set(docstrings.map((edit) => edit.start));
  for (const child of root.namedChildren) {
    if (isComment(child.type) || PREAMBLE_TYPES.has(child.type)) continue;
    if (docstringStarts.has(child.startIndex)) continue;
    return child.startIndex;
  }
  return root.endIndex;
}

/** A comment's range without the line break some grammars include in line comments. */
function commentRange(comment: FoundComment, text: string): TextEdit {
  let end = comment.end;
  while (end > comment.start && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return { start: comment.start, end, replacement: '' };
}

/**
 * A JSX expression container that holds only comments (`{/* note *\/}`) goes as a whole: an
 * empty `{}` left behind is noise.
 */
function jsxContainer(comment: SyntaxNode): SyntaxNode | undefined {
  const parent = comment.parent;
  if (parent?.type !== 'jsx_expression') return undefined;
  return parent.namedChildren.every((child) => isComment(child.type)) ? parent : undefined;
}

/** Counts lines forward through the text: comments are visited in text order. */
function lineCounter(text: string): (index: number) => number {
  let position = 0;
  let line = 0;
  return (index) => {
    for (let next = text.indexOf('\n', position); next !== -1 && next < index;) {
      line++;
      position = next + 1;
      next = text.indexOf('\n', position);
    }
    return line;
  };
}

/** cgo: the comments right above `import "C"` are C code, not prose. */
function isCgoPreamble(comment: SyntaxNode): boolean {
  let next = comment.nextNamedSibling;
  while (next && isComment(next.type)) next = next.nextNamedSibling;
  return next?.type === 'import_declaration' && /^import\s+"C"/.test(next.text);
}

/**
 * The edits that remove a file's comments (and Python docstrings), directives and optional
 * licence header excepted. Edits may overlap or touch; tidyEdits settles that.
 */
export function findCommentEdits(
  root: SyntaxNode,
  text: string,
  grammar: GrammarId,
  options: CommentEditOptions,
): TextEdit[] {
  const docstrings = grammar === 'python' ? docstringEdits(root, isComment) : [];
  const comments = findComments(root, text, grammar);
  const firstCode = codeStart(root, docstrings);
  const lineOf = lineCounter(text);
  const hasCgo = grammar === 'go' && /^import\s+"C"/m.test(text);
  const facts = comments.map((comment): CommentFacts => ({
    grammar,
    text: text.slice(comment.start, comment.end),
    start: comment.start,
    line: lineOf(comment.start),
    leading: comment.start < firstCode,
  }));
  const headerIsLicence =
    options.keepLicenseHeader &&
    (facts.some((fact) => fact.leading && LICENSE_TEXT.test(fact.text)) ||
      docstrings.some(
        (edit) => edit.start < firstCode && LICENSE_TEXT.test(text.slice(edit.start, edit.end)),
      ));

  const edits: TextEdit[] = [];
  comments.forEach((comment, index) => {
    const fact = facts[index] as CommentFacts;
    const node = comment.node;
    if (isKeptComment(fact) || options.keep?.(fact.text)) return;
    if (hasCgo && node && isCgoPreamble(node)) return;
    if (options.keepLicenseHeader && (isLicenseComment(fact) || (headerIsLicence && fact.leading)))
      return;
    const jsx = node && (grammar === 'tsx' || grammar === 'javascript');
    const container = jsx ? jsxContainer(node) : undefined;
    edits.push(
      container
        ? { start: container.startIndex, end: container.endIndex, replacement: '', exact: true }
        : commentRange(comment, text),
    );
  });
  for (const docstring of docstrings) {
    if (headerIsLicence && docstring.start < firstCode) continue;
    edits.push(docstring);
  }
  return edits;
}
