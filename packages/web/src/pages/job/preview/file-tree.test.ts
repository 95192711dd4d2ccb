// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  allFolders,
  buildFileTree,
  filesInOrder,
  flattenTree,
  initialFile,
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

const names = (rows: ReturnType<typeof flattenTree>) =>
  rows.map((row) => `${'  '.repeat(row.node.depth)}${row.node.name}`);

describe('output file tree', () => {
  it('builds folders from paths, folders first, names in numeric order, with totals', () => {
    const tree = buildFileTree(outputs);
    expect(tree.map((node) => node.name)).toEqual(['chunks', 'extra', 'overview.md']);
    const chunks = tree[0]!;
    expect(chunks.isDir).toBe(true);
    expect(chunks.children.map((node) => node.name)).toEqual([
      'chunk-0001.md',
      'chunk-0002.md',
      'chunk-0010.md',
    ]);
    expect(chunks.fileCount).toBe(3);
    expect(chunks.size).toBe(600);
    expect(tree[1]!.children[0]!.path).toBe('extra/deep');
    expect(tree[1]!.children[0]!.depth).toBe(1);
  });

  it('shows children of expanded folders only', () => {
    const tree = buildFileTree(outputs);
    expect(names(flattenTree(tree, allFolders(tree)))).toEqual([
      'chunks',
      '  chunk-0001.md',
      '  chunk-0002.md',
      '  chunk-0010.md',
      'extra',
      '  deep',
      '    notes.txt',
      'overview.md',
    ]);
    expect(names(flattenTree(tree, new Set(['extra'])))).toEqual([
      'chunks',
      'extra',
      '  deep',
      'overview.md',
    ]);
    const collapsed = flattenTree(tree, new Set());
    expect(collapsed.map((row) => row.expanded)).toEqual([false, false, false]);
  });

  it('keeps only matching files and their folders, opened, while searching', () => {
    const tree = buildFileTree(outputs);
    expect(names(flattenTree(tree, new Set(), 'CHUNK-00'))).toEqual([
      'chunks',
      '  chunk-0001.md',
      '  chunk-0002.md',
      '  chunk-0010.md',
    ]);
    expect(names(flattenTree(tree, new Set(), 'notes'))).toEqual([
      'extra',
      '  deep',
      '    notes.txt',
    ]);
    expect(flattenTree(tree, new Set(), 'nothing-like-this')).toEqual([]);
  });

  it('walks files in tree order and selects the overview first', () => {
    const ordered = filesInOrder(buildFileTree(outputs));
    expect(ordered.map((f) => f.path)).toEqual([
      'chunks/chunk-0001.md',
      'chunks/chunk-0002.md',
      'chunks/chunk-0010.md',
      'extra/deep/notes.txt',
      'overview.md',
    ]);
    expect(initialFile(ordered)?.path).toBe('overview.md');
    expect(initialFile([file('a.md'), file('b.md')])?.path).toBe('a.md');
    expect(initialFile([])).toBeNull();
  });
});
