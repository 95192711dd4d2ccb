/**
 * How many other files of the bundle import each file. Import statements are found by their
 * surface syntax per language family and resolved the way each family resolves relative paths;
 * a package import (`react`, `numpy`) names no file of the bundle and is ignored.
 */

export interface ImportSource {
  readonly path: string;
  readonly language: string;
  readonly content: string;
}

const SCRIPT_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue', 'svelte'];

/** Specifiers of `import ... from 'x'`, `import 'x'`, `export ... from 'x'`, `require('x')`, `import('x')`. */
const SCRIPT_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
const PYTHON_FROM = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+([^\n#]+)/gm;
const PYTHON_IMPORT = /^[ \t]*import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)/gm;
const C_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;
const RUBY_REQUIRE = /\brequire_relative\s*\(?\s*(['"])([^'"\n]+)\1/g;
const RUST_MOD = /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;/gm;
const JVM_IMPORT = /^[ \t]*import[ \t]+(?:static[ \t]+)?([\w.]+)/gm;

/** Candidate paths (relative to the root) one import of `from` may mean, most likely first. */
function candidates(from: string, language: string, content: string): string[][] {
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  const found: string[][] = [];
  const family = familyOf(language, from);
  if (family === 'script') {
    for (const match of content.matchAll(SCRIPT_IMPORT)) {
      const spec = match[2] ?? '';
      if (!spec.startsWith('.')) continue;
      const base = join(dir, spec);
      const stem = base.replace(/\.(m|c)?js$/, '');
      found.push([
        base,
        ...SCRIPT_EXTENSIONS.map((ext) => `${stem}.${ext}`),
        ...SCRIPT_EXTENSIONS.map((ext) => `${base}/index.${ext}`),
      ]);
    }
  } else if (family === 'python') {
    for (const match of content.matchAll(PYTHON_FROM)) {
      const dots = (match[1] ?? '').length;
      const module = (match[2] ?? '').split('.').filter(Boolean);
      const root = dots === 0 ? [] : up(dir, dots - 1);
      if (root === undefined) continue;
      const base = [...root, ...module].join('/');
      // `from . import a, b` may name modules a and b.
      const names = (match[3] ?? '').replace(/[()]/g, '').split(',');
      for (const name of names) {
        const word = name.trim().split(/\s+/)[0] ?? '';
        if (/^\w+$/.test(word)) found.push(pythonModule(join(base, word)));
      }
      if (module.length > 0 || dots > 0) found.push(pythonModule(base));
    }
    for (const match of content.matchAll(PYTHON_IMPORT)) {
      for (const name of (match[1] ?? '').split(',')) {
        found.push(pythonModule(name.trim().replace(/\./g, '/')));
      }
    }
  } else if (family === 'c') {
    for (const match of content.matchAll(C_INCLUDE)) {
      const spec = match[1] ?? '';
      found.push([join(dir, spec), spec, `include/${spec}`]);
    }
  } else if (family === 'ruby') {
    for (const match of content.matchAll(RUBY_REQUIRE)) {
      const base = join(dir, match[2] ?? '');
      found.push([base, `${base}.rb`]);
    }
  } else if (family === 'rust') {
    const own = from.slice(from.lastIndexOf('/') + 1);
    // `mod x;` in foo.rs means foo/x.rs; in mod.rs, lib.rs or main.rs, x.rs beside it.
    const modDir = /^(mod|lib|main)\.rs$/.test(own) ? dir : join(dir, own.replace(/\.rs$/, ''));
    for (const match of content.matchAll(RUST_MOD)) {
      const name = match[1] ?? '';
      found.push([join(modDir, `${name}.rs`), join(modDir, `${name}/mod.rs`)]);
    }
  } else if (family === 'jvm') {
    for (const match of content.matchAll(JVM_IMPORT)) {
      const path = (match[1] ?? '').replace(/\./g, '/');
      found.push(['java', 'kt', 'scala', 'groovy'].map((ext) => `*/${path}.${ext}`));
    }
  }
  return found;
}

function familyOf(language: string, path: string): string | undefined {
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

function pythonModule(base: string): string[] {
  return [`${base}.py`, `${base}/__init__.py`, `*/${base}.py`, `*/${base}/__init__.py`];
}

/** `dir` without its last `levels` folders, as parts; undefined above the root. */
function up(dir: string, levels: number): string[] | undefined {
  const parts = dir === '' ? [] : dir.split('/');
  if (levels > parts.length) return undefined;
  return parts.slice(0, parts.length - levels);
}

/** POSIX join and normalise, relative to the root; `..` above the root gives ''. */
function join(dir: string, spec: string): string {
  const parts = dir === '' ? [] : dir.split('/');
  for (const part of spec.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/**
 * Each file's number of distinct importers among `files`. A candidate starting with `*` matches
 * any file whose path ends with the rest (package-style imports: Java, Python absolute).
 */
export function importerCounts(files: readonly ImportSource[]): Map<string, number> {
  const paths = new Set(files.map((file) => file.path));
  const bySuffix = new Map<string, string[]>();
  const suffixKey = (path: string) => {
    const slash = path.lastIndexOf('/');
    return path.slice(slash + 1);
  };
  for (const path of paths) {
    const key = suffixKey(path);
    const list = bySuffix.get(key) ?? [];
    list.push(path);
    bySuffix.set(key, list);
  }
  const importers = new Map<string, Set<string>>();
  for (const file of files) {
    for (const options of candidates(file.path, file.language, file.content)) {
      const target = resolveCandidate(options, paths, bySuffix, suffixKey);
      if (target === undefined || target === file.path) continue;
      const set = importers.get(target) ?? new Set<string>();
      set.add(file.path);
      importers.set(target, set);
    }
  }
  return new Map([...importers].map(([path, set]) => [path, set.size]));
}

function resolveCandidate(
  options: readonly string[],
  paths: ReadonlySet<string>,
  bySuffix: ReadonlyMap<string, readonly string[]>,
  suffixKey: (path: string) => string,
): string | undefined {
  for (const option of options) {
    if (option === '') continue;
    if (!option.startsWith('*/')) {
      if (paths.has(option)) return option;
      continue;
    }
    const suffix = option.slice(2);
    const matches = (bySuffix.get(suffixKey(suffix)) ?? []).filter(
      (path) => path === suffix || path.endsWith(`/${suffix}`),
    );
    // Ambiguous package-style names count for none rather than for a guess.
    if (matches.length === 1) return matches[0];
  }
  return undefined;
}
