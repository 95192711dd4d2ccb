import type { ResolvedOptions } from '../../config/options.js';
import type { SkippedFile, SourceEntry, SourceTree } from '../types.js';
import type { IgnoreSource } from './ignore-matcher.js';
import { createSelectionRule, gitignoreFilesOf, gitignoreSource } from './selection-rule.js';

export interface Selection {
  readonly selected: SourceEntry[];
  readonly skipped: SkippedFile[];
}

type SelectOptions = Pick<
  ResolvedOptions,
  'respectGitignore' | 'includePatterns' | 'excludePatterns' | 'selectedPaths' | 'maxFileBytes'
>;

/**
 * Splits a tree into the files that go on to decoding and the ones skipped, each skipped file
 * (and each folder the source pruned) reported once with the first rule that excluded it (the
 * order is createSelectionRule's).
 */
export async function selectFiles(tree: SourceTree, options: SelectOptions): Promise<Selection> {
  const gitignores = options.respectGitignore ? await readGitignores(tree.entries) : [];
  const reasonFor = createSelectionRule(options, gitignores);
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

/**
 * Reads every .gitignore outside excluded folders. One that cannot be read contributes no
 * rules; the file itself is still an entry, so decoding reports the read failure.
 */
async function readGitignores(entries: readonly SourceEntry[]): Promise<IgnoreSource[]> {
  const reads = gitignoreFilesOf(entries).map(
    async ({ file, dir }): Promise<IgnoreSource | undefined> => {
      try {
        return gitignoreSource(file.path, dir, await file.read());
      } catch {
        return undefined;
      }
    },
  );
  const sources = await Promise.all(reads);
  return sources.filter((source): source is IgnoreSource => source !== undefined);
}
