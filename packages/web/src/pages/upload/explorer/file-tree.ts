import {
  buildTree,
  languageOf,
  ROOT,
  type FileTree as Tree,
} from '../../../components/code-browser/index.js';
import { ineligibleReason, isExcludedFolder, type IneligibleReason } from './eligibility.js';

// The explorer's tree: the shared flat-array tree, with each file's language and whether a job
// can process it, and each folder's exclusion (node_modules...).

export interface ExplorerFileFacts {
  language: string;
  /** Null when a job can process the file. */
  reason: IneligibleReason | null;
}

export interface ExplorerFolderFacts {
  /** Excluded by name (node_modules...), itself or through an ancestor. */
  excluded: boolean;
}

export interface LanguageCount {
  language: string;
  count: number;
}

export type FileTree = Tree<ExplorerFileFacts, ExplorerFolderFacts> & {
  /** Languages of the eligible files, most files first. */
  languages: LanguageCount[];
};
export type TreeFile = FileTree['files'][number];

export { ancestorsOf, ROOT } from '../../../components/code-browser/index.js';

export function buildFileTree(
  entries: ReadonlyArray<{ path: string; size: number }>,
  extraFolders: readonly string[] = [],
): FileTree {
  const tree = buildTree<{ path: string; size: number }, ExplorerFileFacts, ExplorerFolderFacts>(
    entries,
    {
      root: { excluded: false },
      folder: ({ path, name, depth, parent, folders, files }, parentFolder) => ({
        path,
        name,
        depth,
        parent,
        folders,
        files,
        excluded: parentFolder.excluded || isExcludedFolder(name),
      }),
      file: ({ path, name, size, folder }, _entry, parentFolder) => ({
        path,
        name,
        size,
        folder,
        language: languageOf(name),
        reason: ineligibleReason(name, size, parentFolder.excluded),
      }),
    },
    extraFolders,
  );
  const languageCounts = new Map<string, number>();
  for (const file of tree.files) {
    if (file.reason === null) {
      languageCounts.set(file.language, (languageCounts.get(file.language) ?? 0) + 1);
    }
  }
  const languages = [...languageCounts]
    .map(([language, count]) => ({ language, count }))
    .sort((a, b) => b.count - a.count || (a.language < b.language ? -1 : 1));
  return { ...tree, languages };
}

/** Folders to open when an archive is first shown: the top level, and one more level when
 * everything sits in a single top folder (the usual `repo-main/`). */
export function initialExpanded(tree: FileTree): Set<number> {
  const root = tree.folders[ROOT]!;
  const open = new Set<number>();
  for (const index of root.folders) {
    if (!tree.folders[index]!.excluded) open.add(index);
  }
  if (root.folders.length === 1 && root.files.length === 0) {
    for (const index of tree.folders[root.folders[0]!]!.folders) {
      if (!tree.folders[index]!.excluded) open.add(index);
    }
  }
  return open;
}
