/**
 * The first line of a definition's documentation, kept when its body goes: `/** Adds two. *\/`
 * from a JSDoc block, `/// Adds two.` from a run of Rust doc lines, `"""Adds two."""` from a
 * Python docstring. Undefined when the documentation has no text.
 */

/** The first line with text of a comment's inside, without the `*` that starts JSDoc lines. */
function firstTextLine(inside: string): string | undefined {
  for (const raw of inside.split('\n')) {
    const line = raw.replace(/^\s*\*+/, '').trim();
    if (line !== '') return line;
  }
  return undefined;
}

/** What starts a line comment in the shipped grammars (`///`, `//!`, `#`, `-- |`, `--`). */
const LINE_MARKER = /^(\/\/[/!]?|#+|--+(\s*[|^])?|;+)/;
/** Block comments not in the C style: Lua, Haskell, HTML, Ruby's `=begin`. */
const OTHER_BLOCK = /^(--\[=*\[|\{-\|?|<!--|=begin)([\s\S]*?)(\]=*\]|-\}|-->|=end)?\s*$/;

function trailingSpace(comment: string): string {
  return /\s*$/.exec(comment)?.[0] ?? '';
}

/**
 * One doc line from a run of adjacent comments. `lineComment` is the grammar's line-comment
 * marker, for documentation written in another block form (Lua `--[[ ]]`, Haskell `{- -}`).
 */
export function docLine(comments: readonly string[], lineComment?: string): string | undefined {
  const first = comments[0];
  if (first === undefined) return undefined;
  const end = trailingSpace(comments[comments.length - 1] ?? '');
  if (first.startsWith('/*')) {
    const opener = /^\/\*[*!]?/.exec(first)?.[0] ?? '/*';
    const inside = first.slice(opener.length, first.endsWith('*/') ? -2 : undefined);
    // A nested `/*` would open a comment the kept line never closes (Rust, Kotlin, Scala).
    const line = firstTextLine(inside)?.replace(/\/\*/g, '/ *');
    return line === undefined ? undefined : `${opener} ${line} */${end}`;
  }
  const block = OTHER_BLOCK.exec(first);
  if (block) {
    const line = firstTextLine(block[2] ?? '');
    if (line === undefined) return undefined;
    if (first.startsWith('<!--')) return `<!-- ${line.replace(/--/g, '- -')} -->${end}`;
    if (lineComment) return `${lineComment} ${line}${end}`;
    return `/* ${line.replace(/\*\//g, '* /')} */${end}`;
  }
  for (const comment of comments) {
    const marker = LINE_MARKER.exec(comment)?.[0] ?? '';
    const line = comment.slice(marker.length).trim();
    if (line !== '') return `${marker} ${line}${end}`;
  }
  return undefined;
}

/** Python string prefix and quotes; f-strings are code, not documentation. */
const PY_STRING = /^([rRuUbB]{0,2})("""|'''|"|')/;

/** A docstring reduced to its first line, quoted as it was; undefined when it has none. */
export function docstringLine(literal: string): string | undefined {
  const match = PY_STRING.exec(literal);
  if (!match || !literal.endsWith(match[2] ?? '')) return undefined;
  const [opening, prefix = '', quote = '"'] = match;
  const inside = literal.slice(opening.length, literal.length - quote.length);
  let line = firstTextLine(inside);
  if (line === undefined) return undefined;
  // A trailing backslash would escape the closing quote, a trailing quote would join it.
  line = line.replace(/[\\"']+$/, '').trimEnd();
  if (line === '') return undefined;
  return `${prefix}${quote}${line}${quote}`;
}
