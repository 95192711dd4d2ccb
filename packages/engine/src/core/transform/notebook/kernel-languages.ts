/**
 * Kernel languages as the notebook names them (`metadata.kernelspec.language`, e.g. `python`,
 * `R`, `C++17`, `C#`) mapped to the engine's language ids (see core/languages.ts) and the line
 * comment the percent format writes markdown and cell markers with.
 */

/** How a line becomes a comment: `prefix text`, or `prefix text suffix` in block-only languages. */
export interface CommentSyntax {
  readonly prefix: string;
  /** Closes the comment on the same line, for languages with block comments only (OCaml, SAS). */
  readonly suffix?: string;
}

export interface KernelLanguage {
  /** Language id of the converted file, used for fences and by the later transform steps. */
  readonly id: string;
  readonly comment: CommentSyntax;
  /** True when the name was not in the table: the id is a guess and `#` comments are assumed. */
  readonly isGuess: boolean;
}

const HASH: CommentSyntax = { prefix: '#' };
const SLASHES: CommentSyntax = { prefix: '//' };
const DASHES: CommentSyntax = { prefix: '--' };
const PERCENT: CommentSyntax = { prefix: '%' };
const SEMICOLONS: CommentSyntax = { prefix: ';;' };
const ML_BLOCK: CommentSyntax = { prefix: '(*', suffix: '*)' };
const C_BLOCK: CommentSyntax = { prefix: '/*', suffix: '*/' };

/** One row per language id: the comment syntax, then every kernel name (lower-cased) for it. */
const TABLE: readonly (readonly [string, CommentSyntax, readonly string[]])[] = [
  ['python', HASH, ['python', 'ipython', 'pypy', 'pyspark', 'sage', 'sagemath']],
  ['r', HASH, ['r']],
  ['julia', HASH, ['julia']],
  ['shell', HASH, ['bash', 'sh', 'shell', 'zsh', 'ksh']],
  ['powershell', HASH, ['powershell', 'pwsh']],
  ['ruby', HASH, ['ruby']],
  ['perl', HASH, ['perl', 'perl5']],
  ['tcl', HASH, ['tcl']],
  ['elixir', HASH, ['elixir']],
  ['nim', HASH, ['nim']],
  ['crystal', HASH, ['crystal']],
  ['coconut', HASH, ['coconut']],
  ['xonsh', HASH, ['xonsh']],
  ['gnuplot', HASH, ['gnuplot']],
  ['sparql', HASH, ['sparql']],
  ['robotframework', HASH, ['robotframework']],
  ['javascript', SLASHES, ['javascript', 'js', 'node', 'nodejs']],
  ['typescript', SLASHES, ['typescript', 'ts']],
  ['c', SLASHES, ['c']],
  ['cpp', SLASHES, ['c++', 'cpp', 'cxx']],
  ['csharp', SLASHES, ['c#', 'csharp', 'cs']],
  ['fsharp', SLASHES, ['f#', 'fsharp', 'fs']],
  ['java', SLASHES, ['java']],
  ['kotlin', SLASHES, ['kotlin']],
  ['scala', SLASHES, ['scala', 'spark']],
  ['groovy', SLASHES, ['groovy']],
  ['go', SLASHES, ['go', 'golang']],
  ['rust', SLASHES, ['rust']],
  ['swift', SLASHES, ['swift']],
  ['dart', SLASHES, ['dart']],
  ['zig', SLASHES, ['zig']],
  ['php', SLASHES, ['php']],
  ['stata', SLASHES, ['stata']],
  ['cypher', SLASHES, ['cypher']],
  ['haskell', DASHES, ['haskell']],
  ['lua', DASHES, ['lua']],
  ['sql', DASHES, ['sql', 'postgresql', 'mysql', 'sqlite', 'tsql', 'plsql']],
  ['elm', DASHES, ['elm']],
  ['matlab', PERCENT, ['matlab', 'octave']],
  ['erlang', PERCENT, ['erlang']],
  ['prolog', PERCENT, ['prolog']],
  ['clojure', SEMICOLONS, ['clojure']],
  ['scheme', SEMICOLONS, ['scheme']],
  ['racket', SEMICOLONS, ['racket']],
  ['lisp', SEMICOLONS, ['common-lisp', 'common lisp', 'lisp']],
  ['fortran', { prefix: '!' }, ['fortran']],
  ['ocaml', ML_BLOCK, ['ocaml']],
  ['wolfram', ML_BLOCK, ['wolfram language', 'wolfram', 'mathematica']],
  ['sas', C_BLOCK, ['sas']],
  ['maxima', C_BLOCK, ['maxima']],
];

const BY_KERNEL_NAME: ReadonlyMap<string, { id: string; comment: CommentSyntax }> = new Map(
  TABLE.flatMap(([id, comment, names]) => names.map((name) => [name, { id, comment }] as const)),
);

/** Versioned names (`python3`, `C++17`, `python3.11`, `julia 1.10`) keep only the language part. */
const VERSION_SUFFIX = /[\s-]*v?\d+(\.\d+)*$/;

/** An unknown name becomes the id only when it is a plain token (it ends up in a fence tag). */
const PLAIN_ID = /^[a-z][a-z0-9+#_-]*$/;

export const DEFAULT_KERNEL_LANGUAGE = 'python';

/** The id and comment syntax for a kernel language name; unknown names get `#` comments. */
export function kernelLanguageOf(name: string): KernelLanguage {
  const lower = name.trim().toLowerCase();
  const known = BY_KERNEL_NAME.get(lower) ?? BY_KERNEL_NAME.get(lower.replace(VERSION_SUFFIX, ''));
  if (known !== undefined) return { ...known, isGuess: false };
  return { id: PLAIN_ID.test(lower) ? lower : 'text', comment: HASH, isGuess: true };
}
