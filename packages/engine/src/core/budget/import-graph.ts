import type { ImportReference } from './imports/import-reference.js';
import { importsByPattern } from './imports/imports-by-pattern.js';
import { indexPaths, resolveImport } from './imports/resolve-import.js';

/**
 * How many other files of the bundle import each file. Imports come from each file's syntax tree
 * (read by the file stage, see imports/file-imports.ts) and, for a file without one, from its
 * surface syntax; each is resolved the way its language resolves it. A package import (`react`,
 * `numpy`) names no file of the bundle and is ignored.
 */

export interface ImportSource {
  readonly path: string;
  readonly language: string;
  readonly content: string;
  /** The imports from the syntax tree; absent when the file had none to read them from. */
  readonly imports?: readonly ImportReference[] | undefined;
}

export interface ImportGraph {
  /** Each imported file's number of distinct importers. */
  readonly importers: ReadonlyMap<string, number>;
  /** Files whose imports were read by pattern (no syntax tree) and that import something. */
  readonly byPattern: ReadonlySet<string>;
}

export function buildImportGraph(files: readonly ImportSource[]): ImportGraph {
  const index = indexPaths(files);
  const importers = new Map<string, Set<string>>();
  const byPattern = new Set<string>();
  for (const file of files) {
    let references = file.imports;
    if (references === undefined) {
      references = importsByPattern(file.path, file.language, file.content);
      if (references.length > 0) byPattern.add(file.path);
    }
    for (const reference of references) {
      for (const target of resolveImport(reference, file.path, index)) {
        if (target === file.path) continue;
        const set = importers.get(target) ?? new Set<string>();
        set.add(file.path);
        importers.set(target, set);
      }
    }
  }
  return {
    importers: new Map([...importers].map(([path, set]) => [path, set.size])),
    byPattern,
  };
}
