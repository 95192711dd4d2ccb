// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filesInOrder, rowDepth } from '../../../components/code-browser/index.js';
import {
  allFolders,
  buildOutputTree,
  folderTotals,
  initialFile,
  outputRows,
  type OutputTree,
  type TreeFile,
} from './file-tree.js';

const file = (path: string, size = 10): TreeFile => ({
  path,
  name: path.slice(path.lastIndexOf('/') + 1),
  size,
});

// The server's output layout: the overview at the root, chunks in chunks/ (listed unsorted).
const outputs = [
  file('chunks/chunk-0010.md', 300),
  file('overview.md', 50),
  file('chunks/chunk-0002.md', 200),
  file('chunks/chunk-0001.md', 100),
  file('extra/deep/notes.txt', 5),
];

const names = (tree: OutputTree, rows: Int32Array) =>
  [...rows].map(
    (row) =>
      `${'  '.repeat(rowDepth(tree, row))}${row < 0 ? tree.folders[~row]!.name : tree.files[row]!.name}`,
  );

const folderIndex = (tree: OutputTree, path: string) =>
  tree.folders.findIndex((folder) => folder.path === path);

describe('output file tree', () => {
  it('shows children of open folders only, folders first, names in numeric order', () => {
    const tree = buildOutputTree(outputs);
    expect(names(tree, outputRows(tree, allFolders(tree), ''))).toEqual([
      'chunks',
      '  chunk-0001.md',
      '  chunk-0002.md',
      '  chunk-0010.md',
      'extra',
      '  deep',
      '    notes.txt',
      'overview.md',
    ]);
    expect(names(tree, outputRows(tree, new Set([folderIndex(tree, 'extra')]), ''))).toEqual([
      'chunks',
      'extra',
      '  deep',
      'overview.md',
    ]);
    expect(names(tree, outputRows(tree, new Set(), ''))).toEqual([
      'chunks',
      'extra',
      'overview.md',
    ]);
  });

  it('counts every file below a folder', () => {
    const tree = buildOutputTree(outputs);
    const { fileCount } = folderTotals(tree);
    expect(fileCount[folderIndex(tree, 'chunks')]).toBe(3);
    expect(fileCount[folderIndex(tree, 'extra')]).toBe(1);
    expect(fileCount[0]).toBe(5);
  });

  it('keeps only matching files and their folders, opened, while searching', () => {
    const tree = buildOutputTree(outputs);
    expect(names(tree, outputRows(tree, new Set(), 'CHUNK-00'))).toEqual([
      'chunks',
      '  chunk-0001.md',
      '  chunk-0002.md',
      '  chunk-0010.md',
    ]);
    expect(names(tree, outputRows(tree, new Set(), 'notes'))).toEqual([
      'extra',
      '  deep',
      '    notes.txt',
    ]);
    expect([...outputRows(tree, new Set(), 'nothing-like-this')]).toEqual([]);
  });

  it('walks files in tree order and selects the overview first', () => {
    const tree = buildOutputTree(outputs);
    const order = filesInOrder(tree);
    expect(order.map((index) => tree.files[index]!.path)).toEqual([
      'chunks/chunk-0001.md',
      'chunks/chunk-0002.md',
      'chunks/chunk-0010.md',
      'extra/deep/notes.txt',
      'overview.md',
    ]);
    expect(tree.files[initialFile(tree, order)!]!.path).toBe('overview.md');
    const plain = buildOutputTree([file('b.md'), file('a.md')]);
    expect(plain.files[initialFile(plain, filesInOrder(plain))!]!.path).toBe('a.md');
    const empty = buildOutputTree([]);
    expect(initialFile(empty, filesInOrder(empty))).toBeNull();
  });
});
