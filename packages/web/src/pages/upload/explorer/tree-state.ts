import { flattenRows as flattenTreeRows, HIDDEN } from '../../../components/code-browser/index.js';
import { ROOT, type FileTree } from './file-tree.js';

// What the tree shows and what is checked, derived from the tree, the filter and the checked
// flags with linear passes (no per-node objects), so a change on 100,000 files stays cheap.

export interface TreeFilter {
  /** Languages switched on in the filter bar; files of the others are hidden and not sent. */
  languages: ReadonlySet<string>;
  query: string;
}

export type CheckState = 'all' | 'partial' | 'none';

/** Per file: HIDDEN, SHOWN_ACTIVE (checkable) or SHOWN_INELIGIBLE (greyed out). */
export { HIDDEN };
export const SHOWN_ACTIVE = 1;
export const SHOWN_INELIGIBLE = 2;

export interface TreeView {
  visibility: Uint8Array;
  /** Per folder: files shown below it, checkable files below it, checked ones among those. */
  shown: Uint32Array;
  active: Uint32Array;
  checked: Uint32Array;
  /** Per folder: every file below it, whatever the filter. */
  total: Uint32Array;
  searching: boolean;
}

const lowerPaths = new WeakMap<FileTree, string[]>();

function lowerPathsOf(tree: FileTree): string[] {
  let paths = lowerPaths.get(tree);
  if (!paths) {
    paths = tree.files.map((file) => file.path.toLowerCase());
    lowerPaths.set(tree, paths);
  }
  return paths;
}

export function computeVisibility(tree: FileTree, filter: TreeFilter): Uint8Array {
  const query = filter.query.trim().toLowerCase();
  const paths = query ? lowerPathsOf(tree) : null;
  const visibility = new Uint8Array(tree.files.length);
  tree.files.forEach((file, index) => {
    if (paths && !paths[index]!.includes(query)) return;
    if (file.reason !== null) visibility[index] = SHOWN_INELIGIBLE;
    else if (filter.languages.has(file.language)) visibility[index] = SHOWN_ACTIVE;
  });
  return visibility;
}

/** Folder counts in one pass over the files and one over the folders (children come after parents). */
export function computeView(
  tree: FileTree,
  filter: TreeFilter,
  checkedFlags: Uint8Array,
): TreeView {
  const visibility = computeVisibility(tree, filter);
  const size = tree.folders.length;
  const shown = new Uint32Array(size);
  const active = new Uint32Array(size);
  const checked = new Uint32Array(size);
  const total = new Uint32Array(size);
  tree.files.forEach((file, index) => {
    const folder = file.folder;
    total[folder]!++;
    const seen = visibility[index]!;
    if (seen === HIDDEN) return;
    shown[folder]!++;
    if (seen === SHOWN_ACTIVE) {
      active[folder]!++;
      if (checkedFlags[index]) checked[folder]!++;
    }
  });
  for (let index = size - 1; index > ROOT; index--) {
    const parent = tree.folders[index]!.parent;
    shown[parent]! += shown[index]!;
    active[parent]! += active[index]!;
    checked[parent]! += checked[index]!;
    total[parent]! += total[index]!;
  }
  return { visibility, shown, active, checked, total, searching: filter.query.trim() !== '' };
}

export function folderState(view: TreeView, folder: number): CheckState {
  const active = view.active[folder]!;
  const checked = view.checked[folder]!;
  if (active === 0 || checked === 0) return 'none';
  return checked === active ? 'all' : 'partial';
}

/** A folder is listed when something below it is shown; empty folders only outside a search. */
export function isFolderShown(view: TreeView, folder: number): boolean {
  return view.shown[folder]! > 0 || (!view.searching && view.total[folder]! === 0);
}

/** Checkable files at or below a folder, under the current filter. */
export function activeFilesUnder(tree: FileTree, view: TreeView, folder: number): number[] {
  const found: number[] = [];
  const stack = [folder];
  while (stack.length > 0) {
    const at = tree.folders[stack.pop()!]!;
    for (const file of at.files) if (view.visibility[file] === SHOWN_ACTIVE) found.push(file);
    for (const child of at.folders) if (view.active[child]! > 0) stack.push(child);
  }
  return found;
}

/** A copy of the flags with the given files set to `value` (React state stays immutable). */
export function withFiles(flags: Uint8Array, files: Iterable<number>, value: boolean): Uint8Array {
  const next = flags.slice();
  for (const file of files) next[file] = value ? 1 : 0;
  return next;
}

/** Clicking a folder's box: a fully checked folder is cleared, any other one is filled. */
export function toggleFolder(
  tree: FileTree,
  view: TreeView,
  flags: Uint8Array,
  folder: number,
): Uint8Array {
  const value = folderState(view, folder) !== 'all';
  return withFiles(flags, activeFilesUnder(tree, view, folder), value);
}

export function toggleFile(tree: FileTree, flags: Uint8Array, file: number): Uint8Array {
  if (tree.files[file]!.reason !== null) return flags;
  return withFiles(flags, [file], !flags[file]);
}

/** Check All / Uncheck All: every checkable file the filter shows (all of them outside a search). */
export function setAllShown(view: TreeView, flags: Uint8Array, value: boolean): Uint8Array {
  const next = flags.slice();
  view.visibility.forEach((seen, file) => {
    if (seen === SHOWN_ACTIVE) next[file] = value ? 1 : 0;
  });
  return next;
}

/** Every eligible file checked: how an archive starts. */
export function initialChecks(tree: FileTree): Uint8Array {
  const flags = new Uint8Array(tree.files.length);
  tree.files.forEach((file, index) => {
    if (file.reason === null) flags[index] = 1;
  });
  return flags;
}

/**
 * The files a job gets: checked, eligible and of a language switched on. The search box only
 * narrows what is shown, never what is sent.
 */
export function selectedFiles(
  tree: FileTree,
  languages: ReadonlySet<string>,
  flags: Uint8Array,
): number[] {
  const selected: number[] = [];
  tree.files.forEach((file, index) => {
    if (flags[index] && file.reason === null && languages.has(file.language)) selected.push(index);
  });
  return selected;
}

/** The visible rows; during a search every folder holding a match is open, so the matches'
 * ancestors expand by themselves. */
export function flattenRows(
  tree: FileTree,
  view: TreeView,
  expanded: ReadonlySet<number>,
): Int32Array {
  return flattenTreeRows(tree, {
    visibility: view.visibility,
    isFolderShown: (folder) => isFolderShown(view, folder),
    isOpen: (folder) => view.searching || expanded.has(folder),
  });
}

/** The eligible files left unchecked, by path: what a selection kept elsewhere must remember. */
export function uncheckedPaths(tree: FileTree, flags: Uint8Array): string[] {
  const paths: string[] = [];
  tree.files.forEach((file, index) => {
    if (file.reason === null && !flags[index]) paths.push(file.path);
  });
  return paths;
}

/** The default checks with the given paths unchecked (paths not in this tree are ignored). */
export function checksWithout(tree: FileTree, unchecked: readonly string[]): Uint8Array {
  const flags = initialChecks(tree);
  const leftOut = new Set(unchecked);
  tree.files.forEach((file, index) => {
    if (leftOut.has(file.path)) flags[index] = 0;
  });
  return flags;
}
