import type { Token as TextToken, TokenKind } from './token.js';

// Data and document formats, one line at a time: markdown (headings, fences, inline code, links),
// JSON, YAML, XML and CSV. It only colours what helps reading.

/** A piece of a line: its kind (null for plain text) and its text. */
type Token = readonly [kind: Exclude<TokenKind, 'plain'> | null, text: string];

/** Per line of a markdown file: 0 text, 1 inside a fenced block, 2 a fence line itself. */
export function fenceMap(lines: readonly string[]): Uint8Array {
  const state = new Uint8Array(lines.length);
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(lines[i]!)?.[1];
    if (fence === null) {
      if (marker) {
        fence = marker;
        state[i] = 2;
      }
    } else if (marker && marker[0] === fence[0] && marker.length >= fence.length) {
      fence = null;
      state[i] = 2;
    } else {
      state[i] = 1;
    }
  }
  return state;
}

function scan(text: string, pattern: RegExp, kindOf: (match: RegExpExecArray) => Token[]) {
  const tokens: Token[] = [];
  let last = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0] === '') {
      pattern.lastIndex++;
      continue;
    }
    if (match.index > last) tokens.push([null, text.slice(last, match.index)]);
    tokens.push(...kindOf(match));
    last = match.index + match[0].length;
  }
  if (last < text.length) tokens.push([null, text.slice(last)]);
  return tokens;
}

const KEYWORDS =
  'abstract|async|await|break|case|catch|class|const|continue|def|default|do|elif|else|enum|export|extends|false|final|finally|fn|for|from|func|function|if|impl|import|in|interface|let|match|module|new|nil|None|null|package|private|protected|public|pub|return|self|static|struct|super|switch|this|throw|True|False|true|try|type|typeof|undefined|use|var|void|while|with|yield';
const CODE = new RegExp(
  String.raw`(\/\/.*$|(?:^|\s)#(?![\w-]*[{(]).*$|\/\*.*?(?:\*\/|$)|--\s.*$)|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|` +
    '`(?:[^`\\\\]|\\\\.)*`?' +
    String.raw`)|\b(\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?|0x[\da-fA-F]+)\b|\b(${KEYWORDS})\b`,
  'g',
);

/** Any fenced code in a markdown file: comments, strings, numbers and common keywords. */
function code(text: string): Token[] {
  return scan(text, CODE, (m) => [
    [m[1] ? 'comment' : m[2] ? 'string' : m[3] ? 'number' : 'keyword', m[0]],
  ]);
}

const JSON_TOKEN =
  /("(?:[^"\\]|\\.)*")(\s*:)?|\b(true|false|null)\b|-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g;

function json(text: string): Token[] {
  return scan(text, JSON_TOKEN, (m) => {
    if (m[1])
      return m[2]
        ? [
            ['key', m[1]],
            ['punct', m[2]],
          ]
        : [['string', m[1]]];
    return [[m[3] ? 'keyword' : 'number', m[0]]];
  });
}

const YAML_KEY = /^(\s*(?:-\s+)?)([^\s#:'"][^:#]*?|"[^"]*"|'[^']*')(:)(?=\s|$)/;
const YAML_VALUE =
  /(\s#.*$|^#.*$)|("(?:[^"\\]|\\.)*"|'[^']*')|\b(true|false|null|yes|no)\b|(-?\b\d+(?:\.\d+)?\b)|^(\s*-)(?=\s)/g;

function yaml(text: string): Token[] {
  const key = YAML_KEY.exec(text);
  const head: Token[] = key
    ? [
        [null, key[1]!],
        ['key', key[2]!],
        ['punct', key[3]!],
      ]
    : [];
  const rest = key ? text.slice(key[0].length) : text;
  return [
    ...head,
    ...scan(rest, YAML_VALUE, (m) => [
      [m[1] ? 'comment' : m[2] ? 'string' : m[3] ? 'keyword' : m[4] ? 'number' : 'punct', m[0]],
    ]),
  ];
}

const XML_TOKEN =
  /(<!--.*?(?:-->|$))|(<\/?[\w:.-]+|\/?>|<\?[\w:.-]+|\?>|<!\[CDATA\[|\]\]>)|([\w:.-]+)(?==)|("[^"]*"|'[^']*')/g;

function xml(text: string): Token[] {
  return scan(text, XML_TOKEN, (m) => [
    [m[1] ? 'comment' : m[2] ? 'tag' : m[3] ? 'attr' : 'string', m[0]],
  ]);
}

const MD_INLINE = /(`+)(.+?)\1|(\[[^\]]*\]\([^)]*\))|(\*\*[^*]+\*\*)/g;

function markdownInline(text: string): Token[] {
  return scan(text, MD_INLINE, (m) => [[m[1] ? 'string' : m[3] ? 'link' : 'keyword', m[0]]]);
}

function markdown(text: string, fence: number): Token[] {
  if (fence === 1) return code(text);
  if (fence === 2) {
    const marker = /^(\s*(?:`{3,}|~{3,}))(.*)$/.exec(text);
    if (!marker) return [['punct', text]];
    return marker[2]
      ? [
          ['punct', marker[1]!],
          ['keyword', marker[2]],
        ]
      : [['punct', marker[1]!]];
  }
  if (/^\s{0,3}#{1,6}\s/.test(text)) return [['heading', text]];
  const lead = /^(\s*(?:[-*+]|\d+[.)]|>)\s)/.exec(text);
  if (lead) return [['punct', lead[1]!], ...markdownInline(text.slice(lead[1]!.length))];
  if (text.startsWith('|')) {
    return scan(text, /\|/g, (m) => [['punct', m[0]]]).flatMap((token) =>
      token[0] === null ? markdownInline(token[1]) : [token],
    );
  }
  return markdownInline(text);
}

const CSV_TOKEN = /("(?:[^"]|"")*"?)|(,)/g;

function csv(text: string): Token[] {
  return scan(text, CSV_TOKEN, (m) => [[m[1] ? 'string' : 'punct', m[0]]]);
}

export type FormatFamily = 'markdown' | 'json' | 'yaml' | 'xml' | 'csv';

const FORMATS: Record<FormatFamily, (text: string, state: number) => Token[]> = {
  markdown,
  json,
  yaml,
  xml,
  csv,
};

/** Tokens of one line of a format; `state` is the line's fenceMap value (markdown only). */
export function highlightFormat(text: string, family: FormatFamily, state = 0): TextToken[] {
  return FORMATS[family](text, state).map(([kind, part]) => ({
    kind: kind ?? 'plain',
    text: part,
  }));
}
