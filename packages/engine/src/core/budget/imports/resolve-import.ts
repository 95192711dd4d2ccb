import type { ImportReference } from './import-reference.js';

/** The bundle's paths, arranged for resolving imports. */
export interface PathIndex {
  readonly paths: ReadonlySet<string>;
  /** Paths by file name, for package-style (suffix) lookups. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  /** Paths by folder ('' for the root). */
  readonly byFolder: ReadonlyMap<string, readonly string[]>;
  /** Go modules declared by the bundle's `go.mod` files, longest module path first. */
  readonly goModules: readonly { readonly module: string; readonly folder: string }[];
}

const SCRIPT_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue', 'svelte'];
const GO_MODULE = /^\s*module\s+"?([^\s"]+)"?/m;

export function indexPaths(
  files: readonly { readonly path: string; readonly content: string }[],
): PathIndex {
  const byName = new Map<string, string[]>();
  const byFolder = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, path: string) => {
    const list = map.get(key);
    if (list) list.push(path);
    else map.set(key, [path]);
  };
  const goModules: { module: string; folder: string }[] = [];
  for (const { path, content } of files) {
    const name = nameOf(path);
    add(byName, name, path);
    const folder = folderOf(path);
    add(byFolder, folder, path);
    const module = name === 'go.mod' ? GO_MODULE.exec(content)?.[1] : undefined;
    if (module !== undefined) goModules.push({ module, folder });
  }
  goModules.sort((a, b) => b.module.length - a.module.length || compare(a.folder, b.folder));
  return { paths: new Set(files.map((file) => file.path)), byName, byFolder, goModules };
}

/**
 * The files of the bundle one import of `from` means: none for a package from outside the
 * bundle (`react`, `numpy`) or a name that fits several files, several for a Go package.
 */
export function resolveImport(
  reference: ImportReference,
  from: string,
  index: PathIndex,
): string[] {
  const dir = folderOf(from);
  const first = (options: readonly string[]) => {
    const found = options.find((option) => option !== '' && index.paths.has(option));
    return found === undefined ? [] : [found];
  };
  switch (reference.kind) {
    case 'script': {
      if (!reference.specifier.startsWith('.')) return [];
      const base = join(dir, reference.specifier);
      const stem = base.replace(/\.(m|c)?js$/, '');
      return first([
        base,
        ...SCRIPT_EXTENSIONS.map((ext) => `${stem}.${ext}`),
        ...SCRIPT_EXTENSIONS.map((ext) => `${base}/index.${ext}`),
      ]);
    }
    case 'python': {
      if (reference.dots === 0) {
        // An absolute import names a module from the root or from a source folder (src/...).
        return bySuffix([reference.module, `${reference.module}/__init__`], ['py'], index);
      }
      const root = up(dir, reference.dots - 1);
      if (root === undefined) return [];
      const base = join(root, reference.module);
      return first([`${base}.py`, `${base}/__init__.py`]);
    }
    case 'include':
      return first([join(dir, reference.path), reference.path, `include/${reference.path}`]);
    case 'relative': {
      const base = join(dir, reference.path);
      return first([base, ...reference.extensions.map((ext) => `${base}.${ext}`)]);
    }
    case 'rust-module': {
      const own = nameOf(from);
      // `mod x;` in foo.rs means foo/x.rs; in mod.rs, lib.rs or main.rs, x.rs beside it.
      const modDir = /^(mod|lib|main)\.rs$/.test(own) ? dir : join(dir, own.replace(/\.rs$/, ''));
      const base = join(modDir, reference.name);
      return first([`${base}.rs`, `${base}/mod.rs`]);
    }
    case 'qualified':
      return bySuffix(reference.paths, reference.extensions, index);
    case 'go-package':
      return goPackageFiles(reference.path, dir, index);
  }
}

/**
 * The file at one of `stems` (tried in order) plus an extension from the root, else the one file
 * whose path ends with it. A name several files fit counts for none rather than for a guess.
 */
function bySuffix(
  stems: readonly string[],
  extensions: readonly string[],
  index: PathIndex,
): string[] {
  for (const stem of stems) {
    for (const ext of extensions) {
      const suffix = `${stem}.${ext}`;
      if (index.paths.has(suffix)) return [suffix];
      const matches = (index.byName.get(nameOf(suffix)) ?? []).filter(
        (path) => path === suffix || path.endsWith(`/${suffix}`),
      );
      if (matches.length === 1) return matches;
    }
  }
  return [];
}

/** A Go package is its folder: every non-test `.go` file directly in it. */
function goPackageFiles(importPath: string, dir: string, index: PathIndex): string[] {
  let folder: string | undefined;
  if (importPath.startsWith('.')) folder = join(dir, importPath);
  else {
    for (const { module, folder: root } of index.goModules) {
      if (importPath === module) folder = root;
      else if (importPath.startsWith(`${module}/`))
        folder = join(root, importPath.slice(module.length + 1));
      if (folder !== undefined) break;
    }
  }
  if (folder === undefined) return [];
  return (index.byFolder.get(folder) ?? []).filter(
    (path) => path.endsWith('.go') && !path.endsWith('_test.go'),
  );
}

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function folderOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

/** `dir` without its last `levels` folders; undefined above the root. */
function up(dir: string, levels: number): string | undefined {
  const parts = dir === '' ? [] : dir.split('/');
  if (levels > parts.length) return undefined;
  return parts.slice(0, parts.length - levels).join('/');
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

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
