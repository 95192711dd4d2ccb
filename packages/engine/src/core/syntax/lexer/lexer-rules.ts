/**
 * What the fallback comment scanner knows about a language without a shipped grammar. The
 * scanner follows strings and comments only; anything it cannot follow (raw strings, heredocs,
 * interpolation with nested code) is listed in `bail`, and a file that shows one is left as is.
 */
export interface StringRule {
  readonly open: string;
  readonly close: string;
  /** The character that escapes the next one inside the string. */
  readonly escape?: string;
  /** Whether the string may span lines; a single-line string that meets a line break bails. */
  readonly multiline?: boolean;
}

export interface BlockCommentRule {
  readonly open: string;
  readonly close: string;
  readonly nests?: boolean;
}

export interface LexerRules {
  readonly family: 'c-like' | 'hash' | 'sql';
  readonly lineComments: readonly string[];
  /** Line comments count only as the first thing on a line. */
  readonly lineStartOnly?: boolean;
  /** Line comments count only after whitespace or at a line start (`url(//cdn)` is no comment). */
  readonly needsSpaceBefore?: boolean;
  /** Line comments count only before whitespace (MySQL's `-- `). */
  readonly needsSpaceAfter?: boolean;
  readonly blockComments: readonly BlockCommentRule[];
  readonly strings: readonly StringRule[];
  /** Text the scanner cannot follow anywhere in the file. */
  readonly bail?: RegExp;
  /** Inside a string: interpolation that may hold code with its own quotes. */
  readonly interpolation?: readonly string[];
  /** Comments kept whatever the options (tool directives). */
  readonly keep?: RegExp;
}

const DQ: StringRule = { open: '"', close: '"', escape: '\\' };
const SQ: StringRule = { open: "'", close: "'", escape: '\\' };
const TRIPLE_DQ: StringRule = { open: '"""', close: '"""', escape: '\\', multiline: true };
const TRIPLE_SQ: StringRule = { open: "'''", close: "'''", escape: '\\', multiline: true };
const C_BLOCK: BlockCommentRule = { open: '/*', close: '*/' };
const C_BLOCK_NESTED: BlockCommentRule = { open: '/*', close: '*/', nests: true };

export const C_LIKE: LexerRules = {
  family: 'c-like',
  lineComments: ['//'],
  blockComments: [C_BLOCK],
  strings: [DQ, SQ],
};

const HASH: LexerRules = {
  family: 'hash',
  lineComments: ['#'],
  blockComments: [],
  strings: [DQ, SQ],
};

/** Line-oriented config formats: a comment is a whole line, values are not quoted strings. */
const HASH_LINES: LexerRules = {
  family: 'hash',
  lineComments: ['#'],
  lineStartOnly: true,
  blockComments: [],
  strings: [],
};

const SQL: LexerRules = {
  family: 'sql',
  lineComments: ['--'],
  needsSpaceAfter: true,
  blockComments: [C_BLOCK],
  strings: [
    { open: "'", close: "'", multiline: true },
    { open: '"', close: '"', multiline: true },
    { open: '`', close: '`', multiline: true },
  ],
  // Dollar quoting ($$ ... $$, $tag$ ... $tag$) and backslash-escaped E'...' strings.
  bail: /\$[A-Za-z_]*\$|\b[eE]'/,
};

export const LEXER_RULES: Readonly<Record<string, LexerRules>> = {
  'objective-c': C_LIKE,
  'objective-cpp': C_LIKE,
  protobuf: C_LIKE,
  glsl: C_LIKE,
  hlsl: C_LIKE,
  wgsl: C_LIKE,
  solidity: C_LIKE,
  // Sized literals (8'hFF) use an apostrophe: only double quotes delimit strings.
  verilog: { ...C_LIKE, strings: [DQ] },
  systemverilog: { ...C_LIKE, strings: [DQ] },
  cairo: C_LIKE,
  move: C_LIKE,
  prisma: { ...C_LIKE, strings: [DQ] },
  cypher: C_LIKE,
  json5: C_LIKE,
  odin: { ...C_LIKE, blockComments: [C_BLOCK_NESTED] },
  swift: {
    ...C_LIKE,
    blockComments: [C_BLOCK_NESTED],
    strings: [TRIPLE_DQ, DQ],
    // Raw strings (#"..."#) and regex literals (#/.../#, /.../) have no escapes to follow.
    bail: /#+"|#\/|(^|[=(,:]\s*)\/[^/*\s]/m,
    interpolation: ['\\('],
  },
  dart: {
    ...C_LIKE,
    blockComments: [C_BLOCK_NESTED],
    strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ],
    bail: /\br['"]/,
    interpolation: ['${'],
  },
  groovy: {
    ...C_LIKE,
    needsSpaceBefore: true,
    strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ],
    bail: /\$\/|(^|[=(,]\s*)\/[^/*\s]/m,
    interpolation: ['${'],
  },
  d: {
    ...C_LIKE,
    blockComments: [C_BLOCK, { open: '/+', close: '+/', nests: true }],
    bail: /\br"|\bq["{]|`/,
  },
  scss: { ...C_LIKE, needsSpaceBefore: true, interpolation: ['#{'] },
  less: { ...C_LIKE, needsSpaceBefore: true, interpolation: ['@{'] },
  bicep: {
    ...C_LIKE,
    strings: [{ open: "'''", close: "'''", multiline: true }, SQ],
    interpolation: ['${'],
  },
  jsonnet: {
    ...C_LIKE,
    lineComments: ['//', '#'],
    bail: /\|\|\||@["']/,
  },
  r: {
    ...HASH,
    strings: [
      { ...DQ, multiline: true },
      { ...SQ, multiline: true },
    ],
    bail: /\b[rR]["'][-]*[([{]/,
  },
  graphql: { ...HASH, strings: [TRIPLE_DQ, DQ] },
  fish: HASH,
  gdscript: { ...HASH, strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ] },
  puppet: { ...HASH, blockComments: [C_BLOCK] },
  nim: {
    ...HASH,
    blockComments: [{ open: '#[', close: ']#', nests: true }],
    strings: [TRIPLE_DQ, DQ, SQ],
  },
  powershell: {
    ...HASH,
    blockComments: [{ open: '<#', close: '#>' }],
    strings: [
      { open: '"', close: '"', escape: '`', multiline: true },
      { open: "'", close: "'", multiline: true },
    ],
    bail: /@["']\s*$/m,
  },
  cmake: { ...HASH, strings: [{ ...DQ, multiline: true }], bail: /#\[|\[\[|\[=/ },
  nix: {
    ...HASH,
    blockComments: [C_BLOCK],
    strings: [
      { open: "''", close: "''", multiline: true },
      { ...DQ, multiline: true },
    ],
    interpolation: ['${'],
  },
  rego: { ...HASH, strings: [DQ, { open: '`', close: '`', multiline: true }] },
  sparql: { ...HASH, needsSpaceBefore: true },
  dockerfile: {
    ...HASH_LINES,
    bail: /<<-?["']?\w/,
    keep: /^#\s*(syntax|escape|check)\s*=/i,
  },
  gitignore: HASH_LINES,
  gitattributes: HASH_LINES,
  'pip-requirements': HASH_LINES,
  tcl: HASH_LINES,
  awk: HASH_LINES,
  apache: HASH_LINES,
  nginx: HASH_LINES,
  properties: { ...HASH_LINES, lineComments: ['#', '!'] },
  ini: { ...HASH_LINES, lineComments: ['#', ';'] },
  dotenv: {
    ...HASH_LINES,
    strings: [
      { ...DQ, multiline: true },
      { open: "'", close: "'", multiline: true },
    ],
  },
  sql: SQL,
};

/**
 * Languages where "comment" means nothing to remove: prose and data. No note is written for them.
 */
export const NO_COMMENTS: ReadonlySet<string> = new Set([
  'text',
  'markdown',
  'mdx',
  'csv',
  'tsv',
  'jsonl',
  'restructuredtext',
  'asciidoc',
  'org',
  'diff',
  'jupyter-notebook',
]);
