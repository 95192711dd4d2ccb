import type { ResolvedOptions } from '../../config/options.js';
import type { SkipReason, SkippedFile, SourceEntry, SourceTree } from '../types.js';
import { excludedFileRule, isBinaryExtension, isExcludedFolder } from '@repobundle/contract/files';
import { IgnoreMatcher } from './ignore-matcher.js';
import type { IgnoreSource } from './ignore-matcher.js';

export interface Selection {
  readonly selected: SourceEntry[];
  readonly skipped: SkippedFile[];
}

type SelectOptions = Pick<
  ResolvedOptions,
  'respectGitignore' | 'includePatterns' | 'excludePatterns' | 'selectedPaths' | 'maxFileBytes'
>;

const GITIGNORE = '.gitignore';

/**
 * Splits a tree into the files that go on to decoding and the ones skipped, each skipped file
 * (and each folder the source pruned) reported once with the first rule that excluded it, in
 * this order: excluded folder, excluded file, explicit selection, .gitignore, custom exclude,
 * include patterns, declared size, binary extension.
 */
export async function selectFiles(tree: SourceTree, options: SelectOptions): Promise<Selection> {
  const folders = new ExcludedFolders();
  const gitignore = options.respectGitignore
    ? new IgnoreMatcher(await readGitignores(tree.entries, folders))
    : undefined;
  const excludes = customMatcher(options.excludePatterns);
  const includes = customMatcher(options.includePatterns);
  const selection = options.selectedPaths
    ? new ExplicitSelection(options.selectedPaths)
    : undefined;

  // Entries come grouped by folder, so reusing the previous folder string saves a slice and a
  // hash per file on large trees.
  let dir = '';
  const reasonFor = (entry: SourceEntry): SkipReason | undefined => {
    const slash = entry.path.lastIndexOf('/');
    if (slash === -1) dir = '';
    else if (slash !== dir.length || !entry.path.startsWith(dir)) dir = entry.path.slice(0, slash);
    const folder = folders.excludedFolderOf(dir);
    if (folder !== null) return { kind: 'excluded-folder', folder };
    const rule = excludedFileRule(entry.path.slice(slash + 1));
    if (rule) return { kind: 'excluded-file', rule };
    if (selection && !selection.has(entry.path)) return { kind: 'not-selected' };
    const ignoredBy = gitignore?.decide(entry.path, false, dir);
    if (ignoredBy && !ignoredBy.negated) {
      return { kind: 'gitignored', pattern: ignoredBy.text, source: ignoredBy.source };
    }
    const excludedBy = excludes?.decide(entry.path, false, dir);
    if (excludedBy && !excludedBy.negated)
      return { kind: 'custom-exclude', pattern: excludedBy.text };
    if (includes && !includes.isIgnored(entry.path, false, dir)) {
      return { kind: 'not-included', patterns: options.includePatterns };
    }
    if (entry.size > options.maxFileBytes) {
      return { kind: 'too-large', size: entry.size, limit: options.maxFileBytes };
    }
    if (isBinaryExtension(entry.path)) return { kind: 'binary', by: 'extension' };
    return undefined;
  };

  const selected: SourceEntry[] = [];
  const skipped: SkippedFile[] = (tree.prunedDirectories ?? []).map((folder) => ({
    path: folder,
    reason: { kind: 'excluded-folder', folder },
  }));
  for (const entry of tree.entries) {
    const reason = reasonFor(entry);
    if (reason) skipped.push({ path: entry.path, reason });
    else selected.push(entry);
  }
  return { selected, skipped };
}

/** Custom patterns are one root-level ignore file in gitignore syntax, one pattern per line. */
function customMatcher(patterns: readonly string[]): IgnoreMatcher | undefined {
  if (patterns.length === 0) return undefined;
  return new IgnoreMatcher([{ dir: '', source: 'custom', content: patterns.join('\n') }]);
}

/**
 * Reads every .gitignore outside excluded folders. One that cannot be read contributes no
 * rules; the file itself is still an entry, so decoding reports the read failure.
 */
async function readGitignores(
  entries: readonly SourceEntry[],
  folders: ExcludedFolders,
): Promise<IgnoreSource[]> {
  const decoder = new TextDecoder('utf-8');
  const reads = entries
    .filter((entry) => entry.path === GITIGNORE || entry.path.endsWith(`/${GITIGNORE}`))
    .map((entry) => ({ entry, dir: entry.path.slice(0, -GITIGNORE.length - 1) }))
    .filter(({ dir }) => folders.excludedFolderOf(dir) === null)
    .map(async ({ entry, dir }): Promise<IgnoreSource | undefined> => {
      try {
        return { dir, source: entry.path, content: decoder.decode(await entry.read()) };
      } catch {
        return undefined;
      }
    });
  const sources = await Promise.all(reads);
  return sources.filter((source): source is IgnoreSource => source !== undefined);
}

/** Per-folder cache of "which ancestor folder (if any) has an excluded name". */
class ExcludedFolders {
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
 * The user's chosen paths. A listed folder selects everything below it; a listed path that is
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
