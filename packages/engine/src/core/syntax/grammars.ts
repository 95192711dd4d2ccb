/**
 * The tree-sitter grammars the engine ships (io/syntax maps each to its `.wasm` file) and which
 * language ids (core/languages.ts) each one parses. See README.md beside this file for the matrix.
 */
export const GRAMMAR_IDS = [
  'typescript',
  'tsx',
  'javascript',
  'python',
  'go',
  'java',
  'rust',
  'c',
  'cpp',
  'c_sharp',
  'ruby',
  'php',
  'bash',
  'css',
  'html',
  'scala',
  'kotlin',
  'lua',
  'haskell',
  'zig',
  'json',
  'yaml',
  'toml',
  'hcl',
  'make',
] as const;

export type GrammarId = (typeof GRAMMAR_IDS)[number];

/** Language id -> grammar, for languages whose id is not itself a grammar id. */
const BY_LANGUAGE: Readonly<Record<string, GrammarId>> = {
  jsx: 'javascript',
  // Starlark (Bazel BUILD files, Tiltfile) is a Python subset.
  starlark: 'python',
  cuda: 'cpp',
  csharp: 'c_sharp',
  shell: 'bash',
  jsonc: 'json',
  terraform: 'hcl',
  makefile: 'make',
};

const GRAMMARS: ReadonlySet<string> = new Set(GRAMMAR_IDS);

/** The grammar that parses files of a language, or undefined when none ships. */
export function grammarOf(language: string): GrammarId | undefined {
  if (Object.hasOwn(BY_LANGUAGE, language)) return BY_LANGUAGE[language];
  return GRAMMARS.has(language) ? (language as GrammarId) : undefined;
}
