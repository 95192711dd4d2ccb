/**
 * How one string is written in YAML so that a YAML 1.2 parser gives back exactly that string.
 *
 * - plain, for short labels that cannot be read as anything else (`src/a.ts`, `typescript`);
 * - a block literal (`|2-`, `|2`, `|2+`) for multi-line text made only of printable characters
 *   and LF: explicit indentation (so leading spaces on the first line survive) and explicit
 *   chomping (no final newline, one, or several);
 * - double-quoted with escapes otherwise (CR, control and other non-printable characters, lone
 *   surrogates, BOM, NEL and the Unicode line separators), folded after each `\n` with escaped
 *   line breaks so that the text still reads line by line.
 */

const RESERVED_PLAIN = /^(?:true|false|yes|no|on|off|y|n|null|~)$/i;
const SAFE_PLAIN = /^[A-Za-z_/][\w./-]*(?: [\w./-]+)*$/;

/**
 * Characters a block literal cannot carry verbatim: C0/C1 controls other than tab and LF (CR is
 * a line break to a parser), DEL, the line and paragraph separators, BOM, non-characters, and
 * surrogates that are not part of a pair.
 */
const NOT_BLOCK_SAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Every character NOT_BLOCK_SAFE may match, surrogates paired or not: a test as simple as this
 * one runs many times faster over long text, and only text it matches needs the exact one.
 */
const MAY_NOT_BE_BLOCK_SAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/;

/** Whether `text` holds a character a block literal cannot carry verbatim (see NOT_BLOCK_SAFE). */
function hasBlockUnsafe(text: string): boolean {
  return MAY_NOT_BE_BLOCK_SAFE.test(text) && NOT_BLOCK_SAFE.test(text);
}

export function isPlainSafe(text: string): boolean {
  return SAFE_PLAIN.test(text) && !RESERVED_PLAIN.test(text);
}

/**
 * Whether `text` ends in a line of only spaces and tabs (not empty) with nothing but such lines,
 * or empty ones, after it. Parsers disagree on whether it is content or trailing space: the `yaml`
 * package drops `"  a\n  "`'s last line, for one. Scanned from the end: a regular expression
 * anchored at the end is still tried from every line break of a long text.
 */
function endsInBlankLines(text: string): boolean {
  for (let at = text.length - 1; at >= 0; at--) {
    const char = text.charCodeAt(at);
    if (char === 10) {
      const next = text.charCodeAt(at + 1);
      if (next === 32 || next === 9) return true;
    } else if (char !== 32 && char !== 9) {
      return false;
    }
  }
  return false;
}

/**
 * True when `text` can be a block literal scalar and come back unchanged. Text whose lines are
 * all blank is not: parsers (the `yaml` package among them) read every line as trailing; nor is
 * text that ends in lines of spaces or tabs.
 */
export function isBlockLiteralSafe(text: string): boolean {
  return (
    text.includes('\n') && !hasBlockUnsafe(text) && /[^\n \t]/.test(text) && !endsInBlankLines(text)
  );
}

/**
 * A block literal: the header (`|2` plus chomping) and the lines, each indented by
 * `indent` spaces (the owner's column + 2) except empty ones, which stay empty.
 */
export function blockLiteral(text: string, indent: number): string {
  let trailing = 0;
  while (trailing < text.length && text.charCodeAt(text.length - 1 - trailing) === 10) trailing++;
  const chomping = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const body = trailing === 0 ? text : text.slice(0, text.length - 1);
  const pad = ' '.repeat(indent);
  const lines = body.split('\n').map((line) => (line === '' ? '' : pad + line));
  return `|2${chomping}\n${lines.join('\n')}`;
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = {
  '\0': '\\0',
  '\u0007': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\u000b': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\u001b': '\\e',
  '"': '\\"',
  '\\': '\\\\',
  '\u0085': '\\N',
  '\u2028': '\\L',
  '\u2029': '\\P',
};

function escapeChar(char: string): string {
  const named = NAMED_ESCAPES[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

const NEEDS_ESCAPE = new RegExp(`["\\\\\\t\\n]|(?<=\\n) |${NOT_BLOCK_SAFE.source}`, 'g');

/**
 * A double-quoted scalar. When `indent` is given, the scalar continues on a new line after each
 * `\n` escape: that line break is escaped (so it adds nothing to the value) and a space starting
 * the next line is written `\ ` (so folding does not strip it).
 */
export function doubleQuoted(text: string, indent?: number): string {
  const pad = indent === undefined ? undefined : ' '.repeat(indent);
  const escaped = text.replace(NEEDS_ESCAPE, (char: string, offset: number) => {
    if (char === '\n' && pad !== undefined && offset < text.length - 1) return `\\n\\\n${pad}`;
    if (char === ' ') return '\\ ';
    return escapeChar(char);
  });
  return `"${escaped}"`;
}

/** A scalar in value position; `indent` is where a block literal's lines or a fold would go. */
export function yamlString(text: string, indent: number): string {
  if (isPlainSafe(text)) return text;
  if (isBlockLiteralSafe(text)) return blockLiteral(text, indent);
  return doubleQuoted(text, text.includes('\n') ? indent : undefined);
}

/**
 * One content line (without its newline) as a chunk writes it, for token budgets: indented in a
 * block literal, or, for a line a block literal cannot hold (a CRLF file's lines end in CR), as
 * a folded double-quoted line with its `\n\` continuation.
 */
export function encodeContentLine(line: string, indent: string): string {
  return hasBlockUnsafe(line) ? `${indent}${doubleQuoted(line).slice(1, -1)}\\n\\` : indent + line;
}
