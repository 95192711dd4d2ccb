import { ineligibleReason, isExcludedFolder, type IneligibleReason } from './eligibility.js';
import { languageOf } from '../../../components/code-browser/index.js';

// The explorer's tree, built once per archive as flat arrays (indices, not objects linked by
// reference), so that 100,000 files cost a few arrays and every pass over them is a plain loop.

export interface TreeFile {
  path: string;
  name: string;
  size: number;
  language: string;
  /** Null when a job can process the file. */
  reason: IneligibleReason | null;
  folder: number;
}

export interface TreeFolder {
  path: string;
  name: string;
  /** Root is -1 deep; top-level folders are 0. */
  depth: number;
  parent: number;
  folders: number[];
  files: number[];
  /** Excluded by name (node_modules...), itself or through an ancestor. */
  excluded: boolean;
}

export interface LanguageCount {
  language: string;
  count: number;
}

export interface FileTree {
  /** Index 0 is the root. A folder's index is always greater than its parent's. */
  folders: TreeFolder[];
  files: TreeFile[];
  /** Languages of the eligible files, most files first. */
  languages: LanguageCount[];
}

export const ROOT = 0;

/** By sort key, then by exact name so that the order is total. */
function compareKeys(keys: readonly string[], names: readonly string[], a: number, b: number) {
  const x = keys[a]!;
  const y = keys[b]!;
  if (x !== y) return x < y ? -1 : 1;
  return names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0;
}

/** Case-insensitive, numbers in numeric order (`pkg-2` before `pkg-10`): digit runs padded. */
function sortKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0'));
}

function sortChildren(folders: TreeFolder[], files: TreeFile[]): void {
  const fileNames = files.map((file) => file.name);
  const fileKeys = fileNames.map(sortKey);
  const folderNames = folders.map((folder) => folder.name);
  const folderKeys = folderNames.map(sortKey);
  for (const folder of folders) {
    if (folder.folders.length > 1) {
      folder.folders.sort((a, b) => compareKeys(folderKeys, folderNames, a, b));
    }
    if (folder.files.length > 1) {
      folder.files.sort((a, b) => compareKeys(fileKeys, fileNames, a, b));
    }
  }
}

export function buildFileTree(
  entries: ReadonlyArray<{ path: string; size: number }>,
  extraFolders: readonly string[] = [],
): FileTree {
  const folders: TreeFolder[] = [
    { path: '', name: '', depth: -1, parent: -1, folders: [], files: [], excluded: false },
  ];
  const byPath = new Map<string, number>([['', ROOT]]);

  const folderOf = (path: string): number => {
    const known = byPath.get(path);
    if (known !== undefined) return known;
    const slash = path.lastIndexOf('/');
    const parent = folderOf(slash === -1 ? '' : path.slice(0, slash));
    const name = path.slice(slash + 1);
    const parentFolder = folders[parent]!;
    const index = folders.length;
    folders.push({
      path,
      name,
      depth: parentFolder.depth + 1,
      parent,
      folders: [],
      files: [],
      excluded: parentFolder.excluded || isExcludedFolder(name),
    });
    parentFolder.folders.push(index);
    byPath.set(path, index);
    return index;
  };

  for (const path of extraFolders) folderOf(path);
  const files: TreeFile[] = [];
  const languageCounts = new Map<string, number>();
  let lastDir: string | null = null;
  let lastFolder = ROOT;
  for (const entry of entries) {
    const slash = entry.path.lastIndexOf('/');
    const dir = slash === -1 ? '' : entry.path.slice(0, slash);
    // Archives list a folder's files together: reuse the previous lookup.
    if (dir !== lastDir) {
      lastFolder = folderOf(dir);
      lastDir = dir;
    }
    const folder = folders[lastFolder]!;
    const name = entry.path.slice(slash + 1);
    const reason = ineligibleReason(name, entry.size, folder.excluded);
    const language = languageOf(name);
    if (reason === null) languageCounts.set(language, (languageCounts.get(language) ?? 0) + 1);
    folder.files.push(files.length);
    files.push({ path: entry.path, name, size: entry.size, language, reason, folder: lastFolder });
  }

  sortChildren(folders, files);
  const languages = [...languageCounts]
    .map(([language, count]) => ({ language, count }))
    .sort((a, b) => b.count - a.count || (a.language < b.language ? -1 : 1));
  return { folders, files, languages };
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

/** The folders from the top down to a file's own folder. */
export function ancestorsOf(tree: FileTree, file: number): number[] {
  const chain: number[] = [];
  for (let at = tree.files[file]!.folder; at > ROOT; at = tree.folders[at]!.parent) chain.push(at);
  return chain.reverse();
}
