// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  buildTree,
  filesInOrder,
  flattenRows,
  pathMatches,
  rowDepth,
  shownBelow,
  type FileTree,
} from './file-tree.js';

interface Entry {
  path: string;
  size: number;
}

const plain = (paths: string[], extraFolders: string[] = []) =>
  buildTree<Entry, object, object>(
    paths.map((path) => ({ path, size: path.length })),
    { root: {}, folder: (place) => place, file: (place) => place },
    extraFolders,
  );

const names = (tree: FileTree, rows: Int32Array) =>
  [...rows].map(
    (row) =>
      `${'  '.repeat(rowDepth(tree, row))}${row < 0 ? tree.folders[~row]!.name : tree.files[row]!.name}`,
  );

const everything = (tree: FileTree) => ({
  visibility: pathMatches(tree, ''),
  isFolderShown: () => true,
  isOpen: () => true,
});

describe('shared file tree', () => {
  it('keeps files at their entry index and sorts each folder, numbers in numeric order', () => {
    const tree = plain(['b/x-10.md', 'README.md', 'b/x-2.md', 'a/Z.md', 'a/y.md']);
    expect(tree.files.map((file) => file.path)).toEqual([
      'b/x-10.md',
      'README.md',
      'b/x-2.md',
      'a/Z.md',
      'a/y.md',
    ]);
    expect(names(tree, flattenRows(tree, everything(tree)))).toEqual([
      'a',
      '  y.md',
      '  Z.md',
      'b',
      '  x-2.md',
      '  x-10.md',
      'README.md',
    ]);
  });

  it('hands the page each node with its place, to add its own facts', () => {
    const tree = buildTree<Entry, { big: boolean }, { hidden: boolean }>(
      [
        { path: '.git/config', size: 5 },
        { path: 'src/main.ts', size: 5000 },
      ],
      {
        root: { hidden: false },
        folder: (place, parent) => ({ ...place, hidden: parent.hidden || place.name === '.git' }),
        file: (place) => ({ ...place, big: place.size > 1000 }),
      },
    );
    expect(tree.folders.map((folder) => [folder.path, folder.hidden])).toEqual([
      ['', false],
      ['.git', true],
      ['src', false],
    ]);
    expect(tree.files.map((file) => file.big)).toEqual([false, true]);
  });

  it('lists closed folders without their children, and hidden files not at all', () => {
    const tree = plain(['a/b/c.md', 'a/d.md', 'e.md'], ['empty']);
    const a = tree.folders.findIndex((folder) => folder.path === 'a');
    expect(
      names(tree, flattenRows(tree, { ...everything(tree), isOpen: (folder) => folder === a })),
    ).toEqual(['a', '  b', '  d.md', 'empty', 'e.md']);
    const visibility = pathMatches(tree, 'C.MD');
    const shown = shownBelow(tree, visibility);
    expect(
      names(
        tree,
        flattenRows(tree, {
          visibility,
          isFolderShown: (folder) => shown[folder]! > 0,
          isOpen: () => true,
        }),
      ),
    ).toEqual(['a', '  b', '    c.md']);
  });

  it("walks files in tree order and finds a file's folders", () => {
    const tree = plain(['z.md', 'a/b/c.md', 'a/d.md']);
    expect(filesInOrder(tree).map((file) => tree.files[file]!.path)).toEqual([
      'a/b/c.md',
      'a/d.md',
      'z.md',
    ]);
    expect(ancestorsOf(tree, 1).map((folder) => tree.folders[folder]!.path)).toEqual(['a', 'a/b']);
    expect(ancestorsOf(tree, 0)).toEqual([]);
  });
});
