// Test support only (imported by *.test.ts): syntax outlines for hand-written test sources.
import type { OutlineNode, SyntaxOutline } from '../../syntax/outline.js';

interface OpenNode {
  readonly start: number;
  readonly kind: string;
  readonly name?: string;
  readonly children: OutlineNode[];
}

const OPENER = /^(\w+)\s+(\w+)[^{}]*\{$/;
const ONE_LINER = /^(\w+)\s+(\w+)[^{}]*\{.*\}$/;

/**
 * The outline a parser would give for a small brace language, one construct per line:
 * `class Foo {` / `method bar() {` / `function main() {` open a definition named "class Foo"
 * (kind `class_definition`) that a line starting with `}` closes; `method x() { ... }` on one line
 * is a definition without children, and `} function next() {` closes one and opens the next on one
 * line; `// text` is a comment; any other line is statements, one node
 * per `;`-terminated part (so `a(); b();` is two siblings on one line). Nodes span from their first
 * non-blank character to their last one; blank lines belong to no node.
 */
export function outlineFromBraces(content: string): SyntaxOutline {
  const root: OutlineNode[] = [];
  const stack: OpenNode[] = [];
  const add = (node: OutlineNode) => (stack.at(-1)?.children ?? root).push(node);
  let offset = 0;
  for (const line of content.split('\n')) {
    const body = line.replace(/\r$/, '');
    const trimmed = body.trim();
    const start = offset + body.length - body.trimStart().length;
    const end = start + trimmed.length;
    offset += line.length + 1;
    if (trimmed === '') continue;
    const opener = OPENER.exec(trimmed);
    const oneLiner = ONE_LINER.exec(trimmed);
    if (trimmed.startsWith('//')) {
      add({ start, end, kind: 'comment', children: [] });
    } else if (oneLiner) {
      add({ start, end, ...definition(oneLiner), children: [] });
    } else if (opener) {
      stack.push({ start, ...definition(opener), children: [] });
    } else if (trimmed.startsWith('}')) {
      const open = stack.pop();
      if (!open) throw new Error(`unbalanced "}" at ${start}`);
      add({ ...open, end: start + 1 });
      // `} else {`-like lines: what follows the brace may open the next definition.
      const rest = trimmed.slice(1).trimStart();
      const next = OPENER.exec(rest);
      if (next) stack.push({ start: end - rest.length, ...definition(next), children: [] });
      else statements(content, start + 1, end).forEach(add);
    } else {
      statements(content, start, end).forEach(add);
    }
  }
  if (stack.length > 0) throw new Error('unclosed definition');
  return { grammar: 'braces', nodes: root, hasErrors: false };
}

function definition(match: RegExpExecArray): { kind: string; name: string } {
  const [, keyword, name] = match;
  return { kind: `${keyword}_definition`, name: `${keyword} ${name}` };
}

/** One leaf per `;`-terminated part of `[start, end)`, blanks around them left out. */
function statements(content: string, start: number, end: number): OutlineNode[] {
  const nodes: OutlineNode[] = [];
  let from = start;
  while (from < end) {
    while (from < end && /\s/.test(content.charAt(from))) from++;
    if (from >= end) break;
    const semicolon = content.indexOf(';', from);
    const to = semicolon === -1 || semicolon >= end ? end : semicolon + 1;
    nodes.push({ start: from, end: to, kind: 'statement', children: [] });
    from = to;
  }
  return nodes;
}
