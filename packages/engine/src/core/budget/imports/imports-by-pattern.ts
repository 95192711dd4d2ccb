import type { ImportReference } from './import-reference.js';

/**
 * The imports of a file found by their surface syntax, for files without a syntax tree (no
 * grammar ships for the language, or the parse gave up). Patterns cannot tell code from strings
 * and comments: an import written inside either counts here, where a tree would not count it.
 */
export function importsByPattern(
  path: string,
  language: string,
  content: string,
): ImportReference[] {
  switch (patternFamilyOf(language, path)) {
    case 'script':
      return [...content.matchAll(SCRIPT_IMPORT)].map((match) => ({
        kind: 'script',
        specifier: match[2] ?? '',
      }));
    case 'python':
      return pythonImports(content);
    case 'c':
      return [...content.matchAll(C_INCLUDE)].map((match) => ({
        kind: 'include',
        path: match[1] ?? '',
      }));
    case 'ruby':
      return [...content.matchAll(RUBY_REQUIRE)].map((match) => ({
        kind: 'relative',
        path: match[2] ?? '',
        extensions: ['rb'],
      }));
    case 'rust':
      return [...content.matchAll(RUST_MOD)].map((match) => ({
        kind: 'rust-module',
        name: match[1] ?? '',
      }));
    case 'jvm':
      return [...content.matchAll(JVM_IMPORT)].map((match) => ({
        kind: 'qualified',
        paths: [(match[1] ?? '').replace(/\./g, '/')],
        extensions: JVM_EXTENSIONS,
      }));
    case undefined:
      return [];
  }
}

export const JVM_EXTENSIONS: readonly string[] = ['java', 'kt', 'scala', 'groovy'];

/** Specifiers of `import ... from 'x'`, `import 'x'`, `export ... from 'x'`, `require('x')`, `import('x')`. */
const SCRIPT_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
const PYTHON_FROM = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+([^\n#]+)/gm;
const PYTHON_IMPORT = /^[ \t]*import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)/gm;
const C_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;
const RUBY_REQUIRE = /\brequire_relative\s*\(?\s*(['"])([^'"\n]+)\1/g;
const RUST_MOD = /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;/gm;
const JVM_IMPORT = /^[ \t]*import[ \t]+(?:static[ \t]+)?([\w.]+)/gm;

type PatternFamily = 'script' | 'python' | 'c' | 'ruby' | 'rust' | 'jvm';

/** The family whose patterns read a file's imports, or undefined when none does. */
function patternFamilyOf(language: string, path: string): PatternFamily | undefined {
  if (/^(typescript|tsx|javascript|jsx|vue|svelte)$/.test(language)) return 'script';
  if (/\.(m|c)?[jt]sx?$/.test(path)) return 'script';
  if (language === 'python') return 'python';
  if (
    /^(c|cpp|objective-c|objc|cuda)$/.test(language) ||
    /\.(c|cc|cpp|cxx|h|hh|hpp|hxx|m|mm)$/.test(path)
  )
    return 'c';
  if (language === 'ruby') return 'ruby';
  if (language === 'rust') return 'rust';
  if (/^(java|kotlin|scala|groovy)$/.test(language)) return 'jvm';
  return undefined;
}

function pythonImports(content: string): ImportReference[] {
  const found: ImportReference[] = [];
  for (const match of content.matchAll(PYTHON_FROM)) {
    const dots = (match[1] ?? '').length;
    const module = (match[2] ?? '').split('.').filter(Boolean).join('/');
    // `from . import a, b` may name modules a and b.
    for (const name of (match[3] ?? '').replace(/[()]/g, '').split(',')) {
      const word = name.trim().split(/\s+/)[0] ?? '';
      if (/^\w+$/.test(word)) {
        found.push({ kind: 'python', dots, module: module === '' ? word : `${module}/${word}` });
      }
    }
    if (module !== '' || dots > 0) found.push({ kind: 'python', dots, module });
  }
  for (const match of content.matchAll(PYTHON_IMPORT)) {
    for (const name of (match[1] ?? '').split(',')) {
      found.push({ kind: 'python', dots: 0, module: name.trim().replace(/\./g, '/') });
    }
  }
  return found;
}
