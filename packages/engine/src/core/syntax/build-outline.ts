import { COMMENT_TYPES } from './comment-rules.js';
import { definitionName, labelOf, mayBeDefinition } from './definition-names.js';
import type { GrammarId } from './grammars.js';
import type { OutlineNode, SyntaxOutline } from './outline.js';
import type { SyntaxNode } from './syntax-tree.js';

/**
 * Nodes whose inside is one piece of text (strings, comments, regexes, embedded raw text): a line
 * break inside them is no place to cut, so the outline does not detail them.
 */
const OPAQUE = /string|comment|regex|heredoc|raw_text|char_literal|haddock/;

/** 0-based line of an offset, by binary search over the line breaks. */
function lineLookup(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i);
  return (offset) => {
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((breaks[middle] as number) < offset) low = middle + 1;
      else high = middle;
    }
    return low;
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
 * chunks are cut at line ends and they are never one. Walks with a cursor: node objects are made
 * only for definitions, to read their names.
 */
export function buildOutline(root: SyntaxNode, text: string, grammar: GrammarId): SyntaxOutline {
  const lineOf = lineLookup(text);
  const cursor = root.walk();
  const visit = (
    parentStart: number,
    isRoot: boolean,
    enclosing: string | undefined,
  ): OutlineNode[] => {
    const nodes: OutlineNode[] = [];
    if (!cursor.gotoFirstChild()) return nodes;
    do {
      if (!cursor.nodeIsNamed) continue;
      const kind = cursor.nodeType;
      const start = cursor.startIndex;
      const end = cursor.endIndex;
      if (COMMENT_TYPES.has(kind) || end <= start) continue;
      // A trailing line break (some grammars end statements with it) does not make two lines.
      const multiline = lineOf(end - 1) > lineOf(start);
      // A one-line node is a cut point only if it starts a line, and one sharing its parent's
      // start (a method's name, a declaration's type) adds nothing to the parent.
      const cutPoint = (isRoot || start > parentStart) && startsLine(text, start);
      if (!multiline && !cutPoint) continue;
      const name = mayBeDefinition(kind)
        ? definitionName(cursor.currentNode, enclosing)
        : undefined;
      const detailed = multiline && !OPAQUE.test(kind);
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
