import type { SyntaxNode } from '../syntax-tree.js';
import type { BodyEdit } from './compress-rules.js';
import { isMultiLine, lineBreakOf, lineIndent } from './compress-rules.js';

/** The placeholder of C-like languages: a comment inside braces. */
export const BRACE_PLACEHOLDER = '{ /* ... */ }';

/** True when `[start, end)` of the text holds something besides whitespace. */
const hasContent = (text: string, start: number, end: number): boolean =>
  /\S/.test(text.slice(start, end));

/**
 * A braced body with something in it, replaced by `placeholder`; an empty one is left alone
 * (nothing to save), and so is anything not between braces (undefined).
 */
export function braceBody(
  body: SyntaxNode | null | undefined,
  text: string,
  placeholder: string = BRACE_PLACEHOLDER,
): BodyEdit | undefined {
  if (!body || text[body.startIndex] !== '{' || text[body.endIndex - 1] !== '}') return undefined;
  if (!hasContent(text, body.startIndex + 1, body.endIndex - 1)) return undefined;
  return { start: body.startIndex, end: body.endIndex, text: placeholder };
}

/**
 * A body that is an expression (`=> a + b`, `= expr`): one line says what it does and stays; a
 * longer one becomes `placeholder`.
 */
export function expressionBody(
  body: SyntaxNode | null | undefined,
  placeholder: string,
): BodyEdit | undefined {
  if (!body || !isMultiLine(body)) return undefined;
  return { start: body.startIndex, end: body.endIndex, text: placeholder };
}

/** A braced body as a brace placeholder, any other body as an expression placeholder. */
export function braceOrExpression(
  body: SyntaxNode | null | undefined,
  text: string,
  expression: string,
): BodyEdit | undefined {
  if (!body) return undefined;
  if (text[body.startIndex] === '{') return braceBody(body, text);
  return expressionBody(body, expression);
}

/** Zig has only line comments: `{` and `}` on lines of their own around `// ...`. */
export function lineCommentBody(
  body: SyntaxNode | null | undefined,
  text: string,
  marker: string,
): BodyEdit | undefined {
  if (!body) return undefined;
  const indent = lineIndent(text, body.startIndex);
  const br = lineBreakOf(text);
  return braceBody(body, text, `{${br}${indent}    ${marker} ...${br}${indent}}`);
}

/**
 * Languages that close a definition with `end` (Ruby, Lua): what lies between the signature and
 * the closing `end` becomes `placeholder(indent)`, indent being the definition's line's.
 */
export function bodyBeforeEnd(
  definition: SyntaxNode,
  signatureEnd: SyntaxNode | null | undefined,
  text: string,
  placeholder: (indent: string, lineBreak: string) => string,
): BodyEdit | undefined {
  const last = definition.child(definition.childCount - 1);
  if (!signatureEnd || !last || last.type !== 'end') return undefined;
  if (!hasContent(text, signatureEnd.endIndex, last.startIndex)) return undefined;
  const indent = lineIndent(text, definition.startIndex);
  return {
    start: signatureEnd.endIndex,
    end: last.startIndex,
    text: placeholder(indent, lineBreakOf(text)),
  };
}
