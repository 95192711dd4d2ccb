import { COMMENT_TYPES } from './comment-rules.js';
import { definitionName, labelOf, mayBeDefinition } from './definition-names.js';
import type { GrammarId } from './grammars.js';
import type { OutlineNode, SyntaxOutline } from './outline.js';
import { RUN_KIND } from './outline.js';
import type { SyntaxNode } from './syntax-tree.js';

/**
 * Nodes whose inside is one piece of text (strings, comments, regexes, embedded raw text): a line
 * break inside them is no place to cut, so the outline does not detail them.
 */
const OPAQUE = /string|comment|regex|heredoc|raw_text|char_literal|haddock/;

/**
 * Nodes on one line longer than this (UTF-16 units) are detailed like multi-line ones: a line too
 * long for a chunk is cut inside, between its nodes. About 2% of the smallest token limit's text
 * (32,000 tokens are some 100,000 characters), so a node left undetailed always fits a chunk and
 * a cut between nodes wastes little of one.
 */
export const LONG_SPAN = 2048;
/**
 * On such a line, adjacent nodes shorter than this are kept as one run (kind RUN_KIND): a
 * megabyte line of small values stays a few thousand outline nodes, not a million.
 */
export const RUN_SPAN = 512;

interface LineLookup {
  /** 0-based line of an offset, by binary search over the line breaks. */
  lineOf(offset: number): number;
  /** Length of a line, its line break included. */
  lengthOf(line: number): number;
}

function lineLookup(text: string): LineLookup {
  const breaks: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i);
  return {
    lineOf(offset) {
      let low = 0;
      let high = breaks.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((breaks[middle] as number) < offset) low = middle + 1;
        else high = middle;
      }
      return low;
    },
    lengthOf(line) {
      const start = line === 0 ? 0 : (breaks[line - 1] as number) + 1;
      const end = line < breaks.length ? (breaks[line] as number) + 1 : text.length;
      return end - start;
    },
  };
}

function startsLine(text: string, index: number): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const char = text[i];
    if (char === '\n') return true;
    if (char !== ' ' && char !== '\t' && char !== '\r' && char !== '\f') return false;
  }
  return true;
}

/**
 * The outline of a parsed text: named nodes that start a line or span several lines, recursively
 * inside multi-line nodes (so a large definition can be split between its members and statements),
 * definitions named for chunk headers. Single-line nodes in the middle of a line are left out:
 * chunks are cut at line ends and they are never one. Except on a line longer than LONG_SPAN,
 * which a chunk may have to cut inside (minified code, one-line JSON): there every named node is
 * kept, so that a cut between two of them is known to be one, and nodes longer than LONG_SPAN are
 * detailed in turn; adjacent small ones are kept as runs (RUN_KIND) to bound the outline's size.
 * Walks with a cursor: node objects are made only for definitions, to read their names.
 */
export function buildOutline(root: SyntaxNode, text: string, grammar: GrammarId): SyntaxOutline {
  const { lineOf, lengthOf } = lineLookup(text);
  const cursor = root.walk();
  const visit = (
    parentStart: number,
    isRoot: boolean,
    enclosing: string | undefined,
  ): OutlineNode[] => {
    const nodes: OutlineNode[] = [];
    let run: { start: number; end: number; line: number; kind: string } | undefined;
    const closeRun = () => {
      if (run) nodes.push({ start: run.start, end: run.end, kind: run.kind, children: [] });
      run = undefined;
    };
    if (!cursor.gotoFirstChild()) return nodes;
    do {
      if (!cursor.nodeIsNamed) continue;
      const kind = cursor.nodeType;
      const start = cursor.startIndex;
      const end = cursor.endIndex;
      if (COMMENT_TYPES.has(kind) || end <= start) continue;
      const line = lineOf(start);
      // A trailing line break (some grammars end statements with it) does not make two lines.
      const multiline = lineOf(end - 1) > line;
      const onLongLine = !multiline && lengthOf(line) > LONG_SPAN;
      // A one-line node is a cut point only if it starts a line, and one sharing its parent's
      // start (a method's name, a declaration's type) adds nothing to the parent. On a long line
      // every node counts: one left out would hide that a cut inside it splits it.
      const cutPoint = (isRoot || start > parentStart) && startsLine(text, start);
      if (!multiline && !cutPoint && !onLongLine) continue;
      if (onLongLine && end - start <= LONG_SPAN) {
        if (end - start < RUN_SPAN && run?.line === line && end - run.start <= RUN_SPAN) {
          run.end = end;
          run.kind = RUN_KIND;
          continue;
        }
        closeRun();
        if (end - start < RUN_SPAN) {
          run = { start, end, line, kind };
          continue;
        }
      }
      closeRun();
      const name = mayBeDefinition(kind)
        ? definitionName(cursor.currentNode, enclosing)
        : undefined;
      const detailed = (multiline || end - start > LONG_SPAN) && !OPAQUE.test(kind);
      // A decorated definition carries the name; the definition inside it does not repeat it.
      const decorated = kind === 'decorated_definition';
      const innerEnclosing = name && !decorated ? labelOf(name) : enclosing;
      const children = detailed ? visit(start, false, innerEnclosing) : [];
      nodes.push({
        start,
        end,
        kind,
        ...(name ? { name } : {}),
        children: decorated ? children.map(withoutName) : children,
      });
    } while (cursor.gotoNextSibling());
    closeRun();
    cursor.gotoParent();
    return nodes;
  };
  try {
    return { grammar, nodes: visit(root.startIndex, true, undefined), hasErrors: root.hasError };
  } finally {
    cursor.delete();
  }
}

function withoutName(node: OutlineNode): OutlineNode {
  return { start: node.start, end: node.end, kind: node.kind, children: node.children };
}
