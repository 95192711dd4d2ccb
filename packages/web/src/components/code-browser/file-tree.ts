// A folder tree as flat arrays (indices, not objects linked by reference), built once per file
// list, so that 100,000 files cost a few arrays and every pass over them is a plain loop. Pages
// add their own facts to files and folders through `describe`.

export interface BaseTreeFile {
  path: string;
  name: string;
  size: number;
  folder: number;
}

export interface BaseTreeFolder {
  path: string;
  name: string;
  /** Root is -1 deep; top-level folders are 0. */
  depth: number;
  parent: number;
  folders: number[];
  files: number[];
}

export type TreeFileOf<FileFacts> = BaseTreeFile & FileFacts;
export type TreeFolderOf<FolderFacts> = BaseTreeFolder & FolderFacts;

export interface FileTree<FileFacts = object, FolderFacts = object> {
  /** Index 0 is the root. A folder's index is always greater than its parent's. */
  folders: Array<TreeFolderOf<FolderFacts>>;
  files: Array<TreeFileOf<FileFacts>>;
}

export const ROOT = 0;

/**
 * What a page knows of its files and folders beyond their place in the tree: each callback
 * returns the whole node, its place given, as one object literal (one shape for every node keeps
 * a 100,000-file build fast).
 */
export interface TreeFacts<Entry, FileFacts, FolderFacts> {
  root: FolderFacts;
  folder(place: BaseTreeFolder, parent: TreeFolderOf<FolderFacts>): TreeFolderOf<FolderFacts>;
  file(place: BaseTreeFile, entry: Entry, folder: TreeFolderOf<FolderFacts>): TreeFileOf<FileFacts>;
}

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

function sortChildren(tree: FileTree<unknown, unknown>): void {
  const fileNames = tree.files.map((file) => file.name);
  const fileKeys = fileNames.map(sortKey);
  const folderNames = tree.folders.map((folder) => folder.name);
  const folderKeys = folderNames.map(sortKey);
  for (const folder of tree.folders) {
    if (folder.folders.length > 1) {
      folder.folders.sort((a, b) => compareKeys(folderKeys, folderNames, a, b));
    }
    if (folder.files.length > 1) {
      folder.files.sort((a, b) => compareKeys(fileKeys, fileNames, a, b));
    }
  }
}

/**
 * Builds the tree; `a/b/c.md` makes folders `a` and `a/b`. Files keep the entries' order (a
 * file's index is its entry's); folders list their children sorted by name.
 */
export function buildTree<Entry extends { path: string; size: number }, FileFacts, FolderFacts>(
  entries: readonly Entry[],
  facts: TreeFacts<Entry, FileFacts, FolderFacts>,
  extraFolders: readonly string[] = [],
): FileTree<FileFacts, FolderFacts> {
  const folders: Array<TreeFolderOf<FolderFacts>> = [
    { ...facts.root, path: '', name: '', depth: -1, parent: -1, folders: [], files: [] },
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
    folders.push(
      facts.folder(
        { path, name, depth: parentFolder.depth + 1, parent, folders: [], files: [] },
        parentFolder,
      ),
    );
    parentFolder.folders.push(index);
    byPath.set(path, index);
    return index;
  };

  for (const path of extraFolders) folderOf(path);
  const files: Array<TreeFileOf<FileFacts>> = [];
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
    folder.files.push(files.length);
    files.push(
      facts.file({ path: entry.path, name, size: entry.size, folder: lastFolder }, entry, folder),
    );
  }

  const tree = { folders, files };
  sortChildren(tree);
  return tree;
}

/** Per file: hidden (0) or shown (anything else); pages may give shown files their own marks. */
export type Visibility = Uint8Array;
export const HIDDEN = 0;

/** Shown: every file whose path contains the query, case-insensitive (every file without one). */
export function pathMatches(tree: FileTree, query: string): Visibility {
  const needle = query.trim().toLowerCase();
  const visibility = new Uint8Array(tree.files.length);
  tree.files.forEach((file, index) => {
    if (!needle || file.path.toLowerCase().includes(needle)) visibility[index] = 1;
  });
  return visibility;
}

/** Per folder: the files below it that `visibility` shows, in one pass (children after parents). */
export function shownBelow(tree: FileTree, visibility: Visibility): Uint32Array {
  const shown = new Uint32Array(tree.folders.length);
  tree.files.forEach((file, index) => {
    if (visibility[index] !== HIDDEN) shown[file.folder]!++;
  });
  for (let index = tree.folders.length - 1; index > ROOT; index--) {
    shown[tree.folders[index]!.parent]! += shown[index]!;
  }
  return shown;
}

/** How rows are chosen: which folders are listed, and which of those show their children. */
export interface RowRules {
  visibility: Visibility;
  isFolderShown(folder: number): boolean;
  isOpen(folder: number): boolean;
}

/**
 * The visible rows, top to bottom: a file index (>= 0) or a folder as `~index` (< 0). Folders come
 * before files at each level.
 */
export function flattenRows(tree: FileTree, rules: RowRules): Int32Array {
  const rows: number[] = [];
  const stack: number[] = [];
  const pushChildren = (folder: number) => {
    const at = tree.folders[folder]!;
    for (let i = at.files.length - 1; i >= 0; i--) {
      const file = at.files[i]!;
      if (rules.visibility[file] !== HIDDEN) stack.push(file);
    }
    for (let i = at.folders.length - 1; i >= 0; i--) {
      const child = at.folders[i]!;
      if (rules.isFolderShown(child)) stack.push(~child);
    }
  };
  pushChildren(ROOT);
  while (stack.length > 0) {
    const row = stack.pop()!;
    rows.push(row);
    if (row < 0 && rules.isOpen(~row)) pushChildren(~row);
  }
  return Int32Array.from(rows);
}

/** Every file in tree order (folders first at each level): the order previous/next walks. */
export function filesInOrder(tree: FileTree): number[] {
  const order: number[] = [];
  const stack = [~ROOT];
  while (stack.length > 0) {
    const row = stack.pop()!;
    if (row >= 0) {
      order.push(row);
      continue;
    }
    const at = tree.folders[~row]!;
    for (let i = at.files.length - 1; i >= 0; i--) stack.push(at.files[i]!);
    for (let i = at.folders.length - 1; i >= 0; i--) stack.push(~at.folders[i]!);
  }
  return order;
}

/** The folders from the top down to a file's own folder. */
export function ancestorsOf(tree: FileTree, file: number): number[] {
  const chain: number[] = [];
  for (let at = tree.files[file]!.folder; at > ROOT; at = tree.folders[at]!.parent) chain.push(at);
  return chain.reverse();
}

/** The depth a row is drawn at: a folder's own, a file's folder's plus one. */
export function rowDepth(tree: FileTree, row: number): number {
  return row < 0 ? tree.folders[~row]!.depth : tree.folders[tree.files[row]!.folder]!.depth + 1;
}
