/**
 * One import as a file writes it, before it is resolved to a file of the bundle. Found in the
 * file's syntax tree (imports-in-tree.ts) or, without a tree, by its surface syntax
 * (imports-by-pattern.ts); resolve-import.ts turns it into paths. Plain data: it crosses from the
 * worker threads and is kept in the result cache.
 */
export type ImportReference =
  /** JS/TS module specifier (`./util`, `../a.js`, `react`): relative ones get extensions and index files tried. */
  | { readonly kind: 'script'; readonly specifier: string }
  /**
   * Python module: `from ..pkg import x` is `dots` 2, `module` `pkg/x` (and another reference for
   * `pkg`); `import a.b` is `dots` 0, `module` `a/b`.
   */
  | { readonly kind: 'python'; readonly dots: number; readonly module: string }
  /** A quoted C/C++ include: beside the file, then from the root, then under `include/`. */
  | { readonly kind: 'include'; readonly path: string }
  /** A path relative to the importing file's folder, as written or with one of the extensions. */
  | { readonly kind: 'relative'; readonly path: string; readonly extensions: readonly string[] }
  /** Rust `mod name;` (`outer/name` inside an inline `mod outer { ... }`). */
  | { readonly kind: 'rust-module'; readonly name: string }
  /**
   * A package-qualified name (`com/acme/Widget`): the one file anywhere whose path ends with it
   * plus an extension; `paths` are tried in order (a static import's member, then its class).
   */
  | {
      readonly kind: 'qualified';
      readonly paths: readonly string[];
      readonly extensions: readonly string[];
    }
  /** A Go import path: its package folder, by the module path of a `go.mod` in the bundle. */
  | { readonly kind: 'go-package'; readonly path: string };
