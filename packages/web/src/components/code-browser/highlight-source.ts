// Source code, one line at a time: keywords, strings, numbers, types, comments and markup tags by
// a small grammar per language family. Block comments are carried across lines by a cheap
// pre-pass (`blockCommentStarts`).
import type { Token, TokenKind } from './token.js';

interface Grammar {
  line?: string;
  block?: [string, string];
  keywords: ReadonlySet<string>;
  strings: string;
  tags?: boolean;
  /** Prose: capitalised words are not types. */
  prose?: boolean;
}

const words = (text: string) => new Set(text.split(' '));

const C_KEYWORDS = words(
  'abstract as async await break case catch class const continue debugger declare default delete do else enum export extends false final finally for from func function go if implements import in instanceof interface let match mod module namespace new nil null override package private protected pub public readonly return self static struct super switch this throw throws true try type typeof undefined use var void where while with yield fn impl mut trait val when fun object companion internal defer chan range select map goto sizeof typedef union unsigned signed extern register volatile inline auto lambda using virtual operator template typename constexpr',
);
const PY_KEYWORDS = words(
  'and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield self match case',
);
const SHELL_KEYWORDS = words(
  'if then else elif fi for while do done case esac function in return local export echo exit set unset source alias true false',
);
const RUBY_KEYWORDS = words(
  'alias and begin break case class def defined do else elsif end ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield require attr_accessor',
);
const SQL_KEYWORDS = words(
  'select from where and or not insert into values update set delete create table alter drop index primary key foreign references join left right inner outer on group by order having limit offset as distinct union all null is in like between case when then else end default unique check constraint view returning with',
);
const DATA_KEYWORDS = words('true false null yes no on off');
const NONE = new Set<string>();

const C_LIKE: Grammar = { line: '//', block: ['/*', '*/'], keywords: C_KEYWORDS, strings: '"\'`' };
const GRAMMARS: Record<string, Grammar> = {
  python: { line: '#', keywords: PY_KEYWORDS, strings: '"\'' },
  shell: { line: '#', keywords: SHELL_KEYWORDS, strings: '"\'' },
  ruby: { line: '#', keywords: RUBY_KEYWORDS, strings: '"\'' },
  toml: { line: '#', keywords: DATA_KEYWORDS, strings: '"\'' },
  dockerfile: {
    line: '#',
    keywords: words('FROM RUN CMD COPY ADD ENV ARG WORKDIR EXPOSE ENTRYPOINT USER LABEL VOLUME AS'),
    strings: '"\'',
  },
  makefile: { line: '#', keywords: NONE, strings: '"\'' },
  sql: { line: '--', block: ['/*', '*/'], keywords: SQL_KEYWORDS, strings: '\'"' },
  css: { block: ['/*', '*/'], keywords: words('important media import from to'), strings: '"\'' },
  html: { block: ['<!--', '-->'], keywords: NONE, strings: '"\'', tags: true, prose: true },
};
const ALIASES: Record<string, string> = {
  scss: 'css',
  sass: 'css',
  less: 'css',
  vue: 'html',
  svelte: 'html',
  astro: 'html',
  fish: 'shell',
  dotenv: 'shell',
  gitignore: 'shell',
  ini: 'toml',
  'pip-requirements': 'shell',
};
function grammarOf(language: string): Grammar {
  return GRAMMARS[ALIASES[language] ?? language] ?? C_LIKE;
}

const IDENT = /[A-Za-z_$][\w$]*/y;
const NUMBER = /(?:0[xob][\da-f_]+|\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?)[a-z]*/iy;
const TAG = /<\/?[A-Za-z][\w:.-]*|\/?>/y;
const ATTR = /[A-Za-z_:][\w:.-]*(?==)/y;

function matchAt(pattern: RegExp, line: string, at: number): string | null {
  pattern.lastIndex = at;
  const found = pattern.exec(line);
  return found ? found[0] : null;
}

/**
 * Tokens of one line. `inComment` says the line starts inside a block comment. Adjacent plain
 * characters are merged, so a line renders as few spans.
 */
export function highlightSource(line: string, language: string, inComment = false): Token[] {
  const grammar = grammarOf(language);
  const tokens: Token[] = [];
  const push = (text: string, kind: TokenKind) => {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind) last.text += text;
    else tokens.push({ text, kind });
  };
  let at = 0;
  let inTag = false;
  if (inComment && grammar.block) {
    const end = line.indexOf(grammar.block[1]);
    if (end === -1) return [{ text: line, kind: 'comment' }];
    at = end + grammar.block[1].length;
    push(line.slice(0, at), 'comment');
  }
  while (at < line.length) {
    const char = line[at]!;
    if (grammar.line && line.startsWith(grammar.line, at)) {
      push(line.slice(at), 'comment');
      break;
    }
    if (grammar.block && line.startsWith(grammar.block[0], at)) {
      const end = line.indexOf(grammar.block[1], at + grammar.block[0].length);
      const stop = end === -1 ? line.length : end + grammar.block[1].length;
      push(line.slice(at, stop), 'comment');
      at = stop;
      continue;
    }
    // In markup, quotes are strings only inside a tag: text keeps its apostrophes.
    if (grammar.strings.includes(char) && (!grammar.tags || inTag)) {
      let end = at + 1;
      while (end < line.length && line[end] !== char) end += line[end] === '\\' ? 2 : 1;
      const stop = Math.min(line.length, end + 1);
      push(line.slice(at, stop), 'string');
      at = stop;
      continue;
    }
    if (grammar.tags) {
      const tag = matchAt(TAG, line, at);
      if (tag) {
        push(tag, 'tag');
        at += tag.length;
        inTag = !tag.endsWith('>');
        continue;
      }
      const attr = inTag ? matchAt(ATTR, line, at) : null;
      if (attr) {
        push(attr, 'attr');
        at += attr.length;
        continue;
      }
    }
    if (char >= '0' && char <= '9') {
      const number = matchAt(NUMBER, line, at);
      if (number) {
        push(number, 'number');
        at += number.length;
        continue;
      }
    }
    const ident = /[A-Za-z_$]/.test(char) ? matchAt(IDENT, line, at) : null;
    if (ident) {
      const kind = grammar.keywords.has(ident)
        ? 'keyword'
        : !grammar.prose && /^[A-Z][a-z0-9]/.test(ident)
          ? 'type'
          : 'plain';
      push(ident, kind);
      at += ident.length;
      continue;
    }
    push(char, 'plain');
    at++;
  }
  return tokens;
}

/**
 * Which lines start inside a block comment, for the languages that have them: one pass over
 * the lines with indexOf (strings are not tracked; a marker inside a string can mislead it,
 * which only colours the preview).
 */
export function blockCommentStarts(lines: readonly string[], language: string): Uint8Array | null {
  const grammar = grammarOf(language);
  const block = grammar.block;
  if (!block) return null;
  const lineComment = grammar.line;
  const [open, close] = block;
  const starts = new Uint8Array(lines.length);
  let inside = false;
  lines.forEach((line, index) => {
    if (inside) starts[index] = 1;
    let at = 0;
    for (;;) {
      if (inside) {
        const end = line.indexOf(close, at);
        if (end === -1) break;
        inside = false;
        at = end + close.length;
      } else {
        const begin = line.indexOf(open, at);
        if (begin === -1) break;
        if (lineComment) {
          const lineAt = line.indexOf(lineComment, at);
          if (lineAt !== -1 && lineAt < begin) break;
        }
        inside = true;
        at = begin + open.length;
      }
    }
  });
  return starts;
}
