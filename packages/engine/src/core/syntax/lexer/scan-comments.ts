import type { BlockCommentRule, LexerRules, StringRule } from './lexer-rules.js';

export interface CommentRange {
  readonly start: number;
  readonly end: number;
}

export type ScanResult =
  | { readonly ok: true; readonly comments: readonly CommentRange[] }
  | { readonly ok: false; readonly reason: string };

type Token =
  | { readonly kind: 'string'; readonly rule: StringRule }
  | { readonly kind: 'block'; readonly rule: BlockCommentRule }
  | { readonly kind: 'line'; readonly marker: string };

function openerOf(token: Token): string {
  return token.kind === 'line' ? token.marker : token.rule.open;
}

/** Longest opener first, so `"""` wins over `"` and `/*` is tried as a whole. */
function tokensOf(rules: LexerRules): Token[] {
  const tokens: Token[] = [
    ...rules.strings.map((rule): Token => ({ kind: 'string', rule })),
    ...rules.blockComments.map((rule): Token => ({ kind: 'block', rule })),
    ...rules.lineComments.map((marker): Token => ({ kind: 'line', marker })),
  ];
  return tokens.sort((a, b) => openerOf(b).length - openerOf(a).length);
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\r' || char === '\n' || char === '\f';
}

function atLineStart(text: string, index: number): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const char = text[i];
    if (char === '\n') return true;
    if (char !== ' ' && char !== '\t') return false;
  }
  return true;
}

function lineCommentApplies(
  rules: LexerRules,
  text: string,
  index: number,
  marker: string,
): boolean {
  if (rules.lineStartOnly && !atLineStart(text, index)) return false;
  if (rules.needsSpaceBefore && index > 0 && !isSpace(text[index - 1])) return false;
  const after = text[index + marker.length];
  if (rules.needsSpaceAfter && after !== undefined && !isSpace(after)) return false;
  return true;
}

/** End of a string opened at `index` (after its closer), or a reason to give up. */
function endOfString(
  text: string,
  index: number,
  rule: StringRule,
  rules: LexerRules,
): number | string {
  for (let i = index + rule.open.length; i < text.length; i++) {
    const char = text[i];
    if (rule.escape !== undefined && char === rule.escape) {
      i++;
      continue;
    }
    if (text.startsWith(rule.close, i)) return i + rule.close.length;
    if (char === '\n' && !rule.multiline)
      return `a string on line ${lineAt(text, index)} does not end`;
    if (rules.interpolation?.some((opener) => text.startsWith(opener, i))) {
      return `string interpolation on line ${lineAt(text, index)}`;
    }
  }
  return `a string on line ${lineAt(text, index)} does not end`;
}

function endOfBlock(text: string, index: number, rule: BlockCommentRule): number | string {
  let depth = 1;
  for (let i = index + rule.open.length; i < text.length;) {
    if (rule.nests && text.startsWith(rule.open, i)) {
      depth++;
      i += rule.open.length;
    } else if (text.startsWith(rule.close, i)) {
      depth--;
      i += rule.close.length;
      if (depth === 0) return i;
    } else {
      i++;
    }
  }
  return `a comment on line ${lineAt(text, index)} does not end`;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Finds comments by following strings and comments from the start of the file, for languages
 * without a grammar. It never reports a range inside a string; when the text holds something it
 * cannot follow, it gives up and says why.
 */
export function scanComments(text: string, rules: LexerRules): ScanResult {
  const bail = rules.bail?.exec(text);
  if (bail) return { ok: false, reason: `"${bail[0].trim()}" on line ${lineAt(text, bail.index)}` };
  const tokens = tokensOf(rules);
  const firstChars = new Set(tokens.map((token) => openerOf(token)[0]));
  const comments: CommentRange[] = [];
  for (let i = 0; i < text.length;) {
    if (!firstChars.has(text[i] as string)) {
      i++;
      continue;
    }
    const token = tokens.find((candidate) => text.startsWith(openerOf(candidate), i));
    if (!token) {
      i++;
      continue;
    }
    if (token.kind === 'line') {
      if (!lineCommentApplies(rules, text, i, token.marker)) {
        i += token.marker.length;
        continue;
      }
      const newline = text.indexOf('\n', i);
      let end = newline === -1 ? text.length : newline;
      if (text[end - 1] === '\r') end--;
      comments.push({ start: i, end });
      i = end;
      continue;
    }
    const end =
      token.kind === 'string'
        ? endOfString(text, i, token.rule, rules)
        : endOfBlock(text, i, token.rule);
    if (typeof end === 'string') return { ok: false, reason: end };
    if (token.kind === 'block') comments.push({ start: i, end });
    i = end;
  }
  return { ok: true, comments };
}
