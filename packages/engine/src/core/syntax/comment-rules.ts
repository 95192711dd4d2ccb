import type { GrammarId } from './grammars.js';

/** Node types that are comments in the shipped grammars (Rust doc comments are inside these). */
export const COMMENT_TYPES: ReadonlySet<string> = new Set([
  'comment',
  'line_comment',
  'block_comment',
  'html_comment',
  'js_comment',
  'haddock',
]);

const C_LIKE = /\/[/*]/g;
const HASH = /#/g;

/**
 * Where a comment of each grammar can start. Every match is checked against the tree, so a
 * marker inside a string is looked at and left alone; a comment whose marker is missing here is
 * simply kept. Scanning for markers is far cheaper than walking every node of the tree.
 */
const MARKERS: Readonly<Record<GrammarId, RegExp>> = {
  typescript: /\/[/*]|<!--/g,
  tsx: /\/[/*]|<!--/g,
  javascript: /\/[/*]|<!--/g,
  python: HASH,
  go: C_LIKE,
  java: C_LIKE,
  rust: C_LIKE,
  c: C_LIKE,
  cpp: C_LIKE,
  c_sharp: C_LIKE,
  ruby: /#|^=begin/gm,
  php: /\/[/*]|#/g,
  bash: HASH,
  css: C_LIKE,
  html: /<!--/g,
  scala: C_LIKE,
  kotlin: C_LIKE,
  lua: /--/g,
  haskell: /--|\{-/g,
  zig: /\/\//g,
  json: C_LIKE,
  yaml: HASH,
  toml: HASH,
  hcl: /\/[/*]|#/g,
  make: HASH,
};

export function commentMarkers(grammar: GrammarId): RegExp {
  return new RegExp(MARKERS[grammar].source, MARKERS[grammar].flags);
}

/**
 * Comments that are instructions to a compiler or tool rather than prose, kept whatever the
 * options: removing them changes what the code means or how it builds.
 */
const JS_DIRECTIVES =
  /^\/\/\/\s*<(reference|amd-module|amd-dependency)\b|@ts-(ignore|expect-error|nocheck|check)\b|@jsx(ImportSource|Runtime|Frag)?\b|@flow\b|[#@]__(PURE|NO_SIDE_EFFECTS|INLINE)__|\bwebpack[A-Z]\w*\s*:|@vite-ignore/;

const DIRECTIVES: Partial<Record<GrammarId, RegExp>> = {
  typescript: JS_DIRECTIVES,
  tsx: JS_DIRECTIVES,
  javascript: JS_DIRECTIVES,
  // Build constraints, compiler and cgo directives, mksyscall lines, line directives.
  go: /^\/\/(go:|line |export |extern |sys(nb)? )|^\/\/ \+build\b/,
};

/** PEP 263 / Ruby encoding cookie, honoured on the first two lines only. */
const ENCODING_COOKIE = /coding[:=]\s*[-\w.]+/;
/** Ruby magic comments (and Sorbet's sigil) at the top of a file. */
const RUBY_MAGIC =
  /^#\s*(-\*-.*-\*-|(frozen_string_literal|encoding|coding|warn_indent|shareable_constant_value|typed)\s*:)/i;

export const LICENSE_TEXT =
  /copyright|licen[cs]ed?\b|spdx-license-identifier|all rights reserved|\(c\)\s*\d{4}|@preserve/i;

export interface CommentFacts {
  readonly grammar: GrammarId;
  /** The comment's text. */
  readonly text: string;
  readonly start: number;
  /** 0-based line of the comment's start. */
  readonly line: number;
  /** True when only comments (and whitespace) come before it in the file. */
  readonly leading: boolean;
}

/** True for comments that must survive removal whatever the options (directives, cookies). */
export function isKeptComment(facts: CommentFacts): boolean {
  const { grammar, text } = facts;
  if (facts.start === 0 && text.startsWith('#!')) return true;
  if ((grammar === 'python' || grammar === 'ruby') && facts.line <= 1) {
    if (ENCODING_COOKIE.test(text)) return true;
  }
  if (grammar === 'ruby' && facts.leading && RUBY_MAGIC.test(text)) return true;
  return DIRECTIVES[grammar]?.test(text) ?? false;
}

/** Comments that keep_license_header keeps: `/*!` and `@license` anywhere, a licence header. */
export function isLicenseComment(facts: CommentFacts): boolean {
  if (facts.text.startsWith('/*!') || /@license\b/i.test(facts.text)) return true;
  return facts.leading && LICENSE_TEXT.test(facts.text);
}
