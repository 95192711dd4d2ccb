// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ancestorsOf, buildFileTree, initialExpanded, type FileTree } from './file-tree.js';
import {
  checksWithout,
  computeView,
  flattenRows,
  folderState,
  initialChecks,
  selectedFiles,
  setAllShown,
  toggleFile,
  toggleFolder,
  uncheckedPaths,
  type TreeFilter,
} from './tree-state.js';

const ENTRIES = [
  { path: 'repo/src/app.ts', size: 1200 },
  { path: 'repo/src/util/strings.ts', size: 600 },
  { path: 'repo/src/util/helpers.py', size: 240 },
  { path: 'repo/README.md', size: 120 },
  { path: 'repo/logo.png', size: 5000 },
  { path: 'repo/package-lock.json', size: 90000 },
  { path: 'repo/node_modules/lib/index.js', size: 50 },
  { path: 'repo/docs/guide.md', size: 360 },
];

function setup(): { tree: FileTree; filter: TreeFilter; flags: Uint8Array } {
  const tree = buildFileTree(ENTRIES, ['repo/empty']);
  const filter = { languages: new Set(tree.languages.map((l) => l.language)), query: '' };
  return { tree, filter, flags: initialChecks(tree) };
}

const folderIndex = (tree: FileTree, path: string) =>
  tree.folders.findIndex((folder) => folder.path === path);
const fileIndex = (tree: FileTree, path: string) =>
  tree.files.findIndex((file) => file.path === path);
const paths = (tree: FileTree, files: number[]) => files.map((i) => tree.files[i]!.path).sort();

/** The rows as indented text: folders end with '/'. */
function render(tree: FileTree, filter: TreeFilter, flags: Uint8Array, open: Set<number>) {
  const view = computeView(tree, filter, flags);
  return [...flattenRows(tree, view, open)].map((row) => {
    if (row < 0) {
      const folder = tree.folders[~row]!;
      return `${'  '.repeat(folder.depth)}${folder.name}/`;
    }
    const file = tree.files[row]!;
    return `${'  '.repeat(tree.folders[file.folder]!.depth + 1)}${file.name}`;
  });
}

describe('file tree', () => {
  it('builds folders first, sorted, with eligibility and the languages present', () => {
    const { tree, filter, flags } = setup();
    const everything = new Set(tree.folders.map((_, index) => index));
    expect(render(tree, filter, flags, everything)).toEqual([
      'repo/',
      '  docs/',
      '    guide.md',
      '  empty/',
      '  node_modules/',
      '    lib/',
      '      index.js',
      '  src/',
      '    util/',
      '      helpers.py',
      '      strings.ts',
      '    app.ts',
      '  logo.png',
      '  package-lock.json',
      '  README.md',
    ]);
    const reasons = Object.fromEntries(tree.files.map((f) => [f.name, f.reason]));
    expect(reasons).toMatchObject({
      'logo.png': 'binary',
      'package-lock.json': 'lock file',
      'index.js': 'excluded folder',
      'app.ts': null,
    });
    expect(tree.languages).toEqual([
      { language: 'markdown', count: 2 },
      { language: 'typescript', count: 2 },
      { language: 'python', count: 1 },
    ]);
  });

  it('opens the single top folder and its children at first, never excluded ones', () => {
    const { tree } = setup();
    const open = [...initialExpanded(tree)].map((i) => tree.folders[i]!.path).sort();
    expect(open).toEqual(['repo', 'repo/docs', 'repo/empty', 'repo/src']);
  });

  it('starts with every eligible file checked, and sends only those', () => {
    const { tree, filter, flags } = setup();
    expect(paths(tree, selectedFiles(tree, filter.languages, flags))).toEqual([
      'repo/README.md',
      'repo/docs/guide.md',
      'repo/src/app.ts',
      'repo/src/util/helpers.py',
      'repo/src/util/strings.ts',
    ]);
  });
});

describe('tri-state folders', () => {
  it('is all, partial or none from the checkable files below', () => {
    const { tree, filter } = setup();
    let flags = initialChecks(tree);
    const src = folderIndex(tree, 'repo/src');
    const util = folderIndex(tree, 'repo/src/util');
    const state = (folder: number) => folderState(computeView(tree, filter, flags), folder);
    expect(state(src)).toBe('all');
    flags = toggleFile(tree, flags, fileIndex(tree, 'repo/src/util/helpers.py'));
    expect(state(util)).toBe('partial');
    expect(state(src)).toBe('partial');
    expect(state(folderIndex(tree, 'repo'))).toBe('partial');
    flags = toggleFile(tree, flags, fileIndex(tree, 'repo/src/util/strings.ts'));
    expect(state(util)).toBe('none');
    expect(state(src)).toBe('partial');
    // Folders with nothing checkable are never checked.
    expect(state(folderIndex(tree, 'repo/node_modules'))).toBe('none');
  });

  it('fills a partial folder, clears a full one, and never checks ineligible files', () => {
    const { tree, filter } = setup();
    let flags = initialChecks(tree);
    const repo = folderIndex(tree, 'repo');
    flags = toggleFile(tree, flags, fileIndex(tree, 'repo/README.md'));
    flags = toggleFolder(tree, computeView(tree, filter, flags), flags, repo);
    expect(folderState(computeView(tree, filter, flags), repo)).toBe('all');
    expect(flags[fileIndex(tree, 'repo/logo.png')]).toBe(0);
    flags = toggleFolder(tree, computeView(tree, filter, flags), flags, repo);
    expect(selectedFiles(tree, filter.languages, flags)).toEqual([]);
    expect(toggleFile(tree, flags, fileIndex(tree, 'repo/logo.png'))).toBe(flags);
  });
});

describe('filters', () => {
  it('hides files of a language switched off and leaves them out of the selection', () => {
    const { tree, flags } = setup();
    const filter = { languages: new Set(['typescript', 'python']), query: '' };
    const rows = render(tree, filter, flags, new Set(tree.folders.map((_, i) => i)));
    expect(rows).not.toContain('    guide.md');
    expect(rows).not.toContain('  docs/'); // nothing left to show in it
    expect(rows).toContain('  logo.png'); // ineligible files stay visible, greyed out
    expect(paths(tree, selectedFiles(tree, filter.languages, flags))).toEqual([
      'repo/src/app.ts',
      'repo/src/util/helpers.py',
      'repo/src/util/strings.ts',
    ]);
  });

  it('search shows the matches with their ancestors opened, whatever was collapsed', () => {
    const { tree, filter, flags } = setup();
    const rows = render(tree, { ...filter, query: 'STRINGS' }, flags, new Set());
    expect(rows).toEqual(['repo/', '  src/', '    util/', '      strings.ts']);
    expect(render(tree, { ...filter, query: 'nothing-like-this' }, flags, new Set())).toEqual([]);
  });

  it('Check All and Uncheck All act on what the search shows', () => {
    const { tree, filter } = setup();
    let flags = setAllShown(
      computeView(tree, filter, initialChecks(tree)),
      initialChecks(tree),
      false,
    );
    expect(selectedFiles(tree, filter.languages, flags)).toEqual([]);
    const searching = { ...filter, query: '.md' };
    flags = setAllShown(computeView(tree, searching, flags), flags, true);
    expect(paths(tree, selectedFiles(tree, filter.languages, flags))).toEqual([
      'repo/README.md',
      'repo/docs/guide.md',
    ]);
    flags = setAllShown(computeView(tree, filter, flags), flags, true);
    expect(selectedFiles(tree, filter.languages, flags)).toHaveLength(5);
  });

  it('names the ancestors to open for Locate in tree', () => {
    const { tree } = setup();
    const chain = ancestorsOf(tree, fileIndex(tree, 'repo/src/util/helpers.py'));
    expect(chain.map((i) => tree.folders[i]!.path)).toEqual(['repo', 'repo/src', 'repo/src/util']);
  });
});

describe('100,000 files', () => {
  it('builds, counts, flattens and toggles everything in linear passes', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({
      path: `repo/pkg-${i % 100}/dir-${Math.floor(i / 100) % 50}/file-${i}.${i % 3 ? 'ts' : 'py'}`,
      size: 1000 + (i % 500),
    }));
    let started = performance.now();
    const tree = buildFileTree(entries);
    const buildMs = performance.now() - started;
    const filter = { languages: new Set(tree.languages.map((l) => l.language)), query: '' };
    let flags = initialChecks(tree);
    const all = new Set(tree.folders.map((_, i) => i));
    started = performance.now();
    const view = computeView(tree, filter, flags);
    const rows = flattenRows(tree, view, all);
    flags = setAllShown(view, flags, false);
    const afterToggle = computeView(tree, filter, flags);
    const toggleMs = performance.now() - started;
    started = performance.now();
    const searchRows = flattenRows(
      tree,
      computeView(tree, { ...filter, query: 'file-9999' }, flags),
      new Set(),
    );
    const searchMs = performance.now() - started;
    console.log(
      `[tree] 100k files: build ${buildMs.toFixed(0)} ms, count+flatten+uncheck all+recount ${toggleMs.toFixed(0)} ms, search ${searchMs.toFixed(0)} ms`,
    );
    expect(rows.length).toBe(100_000 + tree.folders.length - 1);
    expect(afterToggle.checked[0]).toBe(0);
    expect(searchRows.length).toBeGreaterThan(0);
    // Loose bounds: a guard against a quadratic slip on a shared, busy machine, not a benchmark.
    expect(buildMs).toBeLessThan(4000);
    expect(toggleMs).toBeLessThan(1500);
  });
});

describe('a selection kept by path', () => {
  it('comes back as the same checks in a tree built again from the same archive', () => {
    const { tree, filter, flags } = setup();
    const view = computeView(tree, filter, flags);
    const changed = toggleFolder(tree, view, flags, folderIndex(tree, 'repo/src/util'));
    const left = uncheckedPaths(tree, changed);
    expect(left.sort()).toEqual(['repo/src/util/helpers.py', 'repo/src/util/strings.ts']);

    const again = buildFileTree(ENTRIES, ['repo/empty']);
    const restored = checksWithout(again, [...left, 'repo/not-in-this-archive.ts']);
    expect(paths(again, selectedFiles(again, filter.languages, restored))).toEqual(
      paths(tree, selectedFiles(tree, filter.languages, changed)),
    );
  });
});
