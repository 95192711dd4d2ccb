import type { OutlineNode, SyntaxOutline } from './outline.js';

/**
 * Moves an outline of a text to the same text after the line-number step (add-line-numbers.ts):
 * every line gets a prefix of one width (`String(lines).length + 3`, as in "12 | "), so an offset
 * on 0-based line k moves by (k + 1) prefixes. An end offset at the very start of a line stays
 * before that line's prefix.
 */
export function numberOutline(outline: SyntaxOutline, text: string): SyntaxOutline {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const endsWithNewline = text.endsWith('\n');
  const lines = endsWithNewline ? lineStarts.length - 1 : lineStarts.length;
  const width = String(lines).length + 3;

  const lineOf = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const mapStart = (offset: number): number => offset + (lineOf(offset) + 1) * width;
  const mapEnd = (offset: number): number => {
    const line = lineOf(offset);
    const atLineStart = lineStarts[line] === offset && line > 0;
    return offset + (atLineStart ? line : line + 1) * width;
  };
  const move = (node: OutlineNode): OutlineNode => ({
    ...node,
    start: mapStart(node.start),
    end: mapEnd(node.end),
    children: node.children.map(move),
  });
  return { ...outline, nodes: outline.nodes.map(move) };
}
