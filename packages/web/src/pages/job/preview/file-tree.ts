import {
  buildTree,
  flattenRows,
  pathMatches,
  shownBelow,
  type FileTree,
} from '../../../components/code-browser/index.js';

// The output browser's data for the shared tree: the job's output files, every one of them
// eligible, filtered only by the search box.

/** An output file as the listing gives it. */
export interface TreeFile {
  path: string;
  name: string;
  size: number;
}

export type OutputTree = FileTree;

export function buildOutputTree(files: readonly TreeFile[]): OutputTree {
  return buildTree<TreeFile, object, object>(files, {
    root: {},
    folder: (place) => place,
    file: (place) => place,
  });
}

/** Every folder: the browser starts with all of them open. */
export function allFolders(tree: OutputTree): Set<number> {
  return new Set(tree.folders.map((_, index) => index).slice(1));
}

export interface FolderTotals {
  /** Per folder: files below it, whatever the search. */
  fileCount: Uint32Array;
}

/** Every file below each folder, for the folder rows' meta. */
export function folderTotals(tree: OutputTree): FolderTotals {
  return { fileCount: shownBelow(tree, new Uint8Array(tree.files.length).fill(1)) };
}

/**
 * The rows on screen. Without a search, folders show their children when open. With one, only
 * files whose path contains it (case-insensitive) are kept, with their folders, all open.
 */
export function outputRows(tree: OutputTree, open: ReadonlySet<number>, search: string) {
  const searching = search.trim() !== '';
  const visibility = pathMatches(tree, search);
  const shown = shownBelow(tree, visibility);
  return flattenRows(tree, {
    visibility,
    isFolderShown: (folder) => shown[folder]! > 0,
    isOpen: (folder) => searching || open.has(folder),
  });
}

/** The file selected first: the one whose name starts with "overview", else the first one. */
export function initialFile(tree: OutputTree, order: readonly number[]): number | null {
  return (
    order.find((file) => tree.files[file]!.name.toLowerCase().startsWith('overview')) ??
    order[0] ??
    null
  );
}
