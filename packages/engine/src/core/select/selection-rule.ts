import { excludedFileRule, isBinaryExtension, isExcludedFolder } from '@repobundle/contract/files';
import type { SkipReason } from '../types.js';
import { IgnoreMatcher, type IgnoreSource } from './ignore-matcher.js';

// Which files of an archive or folder a job processes, decided from each file's path and declared
// size alone. The server's selection and the web app's estimate both call this, so the files the
// browser counts before upload are the files the job is priced for.

/** The options that decide selection; a job's resolved options have them all. */
export interface SelectionRuleOptions {
  /** Apply the tree's own .gitignore files (their contents are given apart). */
  readonly respectGitignore: boolean;
  /** Custom patterns in gitignore syntax: when any, only files they match are kept. */
  readonly includePatterns: readonly string[];
  /** Custom patterns in gitignore syntax: files they match are left out. */
  readonly excludePatterns: readonly string[];
  /** The person's chosen paths (a folder selects everything below it); absent: every file. */
  readonly selectedPaths?: readonly string[] | undefined;
  readonly maxFileBytes: number;
}

/** One file as the rule sees it. */
export interface SelectionCandidate {
  readonly path: string;
  /** Uncompressed size as the source declares it. */
  readonly size: number;
}

/** Decides one file: the first rule that leaves it out, or undefined when it is processed. */
export type SelectionRule = (file: SelectionCandidate) => SkipReason | undefined;

const GITIGNORE = '.gitignore';
const utf8 = new TextDecoder('utf-8');

/** A .gitignore's rules as the rule reads them: its bytes as UTF-8, governing `dir`. */
export function gitignoreSource(path: string, dir: string, bytes: Uint8Array): IgnoreSource {
  return { dir, source: path, content: utf8.decode(bytes) };
}

/**
 * The .gitignore files whose rules count (none inside an excluded folder such as node_modules),
 * each with the folder it governs ('' for the root).
 */
export function gitignoreFilesOf<T extends { readonly path: string }>(
  files: readonly T[],
): { file: T; dir: string }[] {
  const folders = new ExcludedFolders();
  return files
    .filter((file) => file.path === GITIGNORE || file.path.endsWith(`/${GITIGNORE}`))
    .map((file) => ({ file, dir: file.path.slice(0, -GITIGNORE.length - 1) }))
    .filter(({ dir }) => folders.excludedFolderOf(dir) === null);
}

/**
 * The selection rule for a set of options and the contents of the tree's .gitignore files (those
 * gitignoreFilesOf names; ignored unless `respectGitignore`). Rules apply in this order, the first
 * that excludes a file giving its reason: excluded folder, excluded file, explicit selection,
 * .gitignore, custom exclude, include patterns, declared size, binary extension.
 */
export function createSelectionRule(
  options: SelectionRuleOptions,
  gitignores: readonly IgnoreSource[],
): SelectionRule {
  const folders = new ExcludedFolders();
  const gitignore = options.respectGitignore ? new IgnoreMatcher(gitignores) : undefined;
  const excludes = customMatcher(options.excludePatterns);
  const includes = customMatcher(options.includePatterns);
  const selection = options.selectedPaths
    ? new ExplicitSelection(options.selectedPaths)
    : undefined;

  // Files usually come grouped by folder, so reusing the previous folder string saves a slice and
  // a hash per file on large trees.
  let dir = '';
  return (file) => {
    const slash = file.path.lastIndexOf('/');
    if (slash === -1) dir = '';
    else if (slash !== dir.length || !file.path.startsWith(dir)) dir = file.path.slice(0, slash);
    const folder = folders.excludedFolderOf(dir);
    if (folder !== null) return { kind: 'excluded-folder', folder };
    const rule = excludedFileRule(file.path.slice(slash + 1));
    if (rule) return { kind: 'excluded-file', rule };
    if (selection && !selection.has(file.path)) return { kind: 'not-selected' };
    const ignoredBy = gitignore?.decide(file.path, false, dir);
    if (ignoredBy && !ignoredBy.negated) {
      return { kind: 'gitignored', pattern: ignoredBy.text, source: ignoredBy.source };
    }
    const excludedBy = excludes?.decide(file.path, false, dir);
    if (excludedBy && !excludedBy.negated) {
      return { kind: 'custom-exclude', pattern: excludedBy.text };
    }
    if (includes && !includes.isIgnored(file.path, false, dir)) {
      return { kind: 'not-included', patterns: options.includePatterns };
    }
    if (file.size > options.maxFileBytes) {
      return { kind: 'too-large', size: file.size, limit: options.maxFileBytes };
    }
    if (isBinaryExtension(file.path)) return { kind: 'binary', by: 'extension' };
    return undefined;
  };
}

/** Custom patterns are one root-level ignore file in gitignore syntax, one pattern per line. */
function customMatcher(patterns: readonly string[]): IgnoreMatcher | undefined {
  if (patterns.length === 0) return undefined;
  return new IgnoreMatcher([{ dir: '', source: 'custom', content: patterns.join('\n') }]);
}

/** Per-folder cache of "which ancestor folder (if any) has an excluded name". */
export class ExcludedFolders {
  private readonly cache = new Map<string, string | null>([['', null]]);

  /** The path of the shallowest excluded folder containing `folder` (or itself), else null. */
  excludedFolderOf(folder: string): string | null {
    const cached = this.cache.get(folder);
    if (cached !== undefined) return cached;
    const slash = folder.lastIndexOf('/');
    const inherited = this.excludedFolderOf(slash === -1 ? '' : folder.slice(0, slash));
    const result = inherited ?? (isExcludedFolder(folder.slice(slash + 1)) ? folder : null);
    this.cache.set(folder, result);
    return result;
  }
}

/**
 * The person's chosen paths. A listed folder selects everything below it; a listed path that is
 * not in the tree is simply never matched (the caller validates the list).
 */
class ExplicitSelection {
  private readonly paths: ReadonlySet<string>;

  constructor(paths: readonly string[]) {
    this.paths = new Set(paths.map(normalizeSelected).filter((path) => path !== ''));
  }

  has(path: string): boolean {
    if (this.paths.has(path)) return true;
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      if (this.paths.has(path.slice(0, slash))) return true;
    }
    return false;
  }
}

function normalizeSelected(path: string): string {
  return path.replace(/^(\.\/|\/)+/, '').replace(/\/+$/, '');
}
