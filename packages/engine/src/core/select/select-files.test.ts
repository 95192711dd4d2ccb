import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import type { BundleOptions } from '../../config/options.js';
import type { SkipReason, SourceTree } from '../types.js';
import { selectFiles } from './select-files.js';

interface FakeFile {
  readonly content?: string;
  readonly size?: number;
}

function treeOf(
  files: Readonly<Record<string, FakeFile | string>>,
  prunedDirectories?: string[],
): SourceTree & { reads: string[] } {
  const reads: string[] = [];
  const encoder = new TextEncoder();
  return {
    name: 'fixture',
    kind: 'memory',
    reads,
    prunedDirectories,
    entries: Object.entries(files).map(([path, file]) => {
      const content = typeof file === 'string' ? file : (file.content ?? '');
      const bytes = encoder.encode(content);
      return {
        path,
        size: typeof file === 'string' ? bytes.length : (file.size ?? bytes.length),
        read: () => {
          reads.push(path);
          return Promise.resolve(bytes);
        },
      };
    }),
    close: () => Promise.resolve(),
  };
}

async function reasons(
  tree: SourceTree,
  options: BundleOptions = {},
): Promise<{ selected: string[]; skipped: Record<string, SkipReason> }> {
  const result = await selectFiles(tree, resolveOptions(options));
  const skipped: Record<string, SkipReason> = {};
  for (const file of result.skipped) {
    expect(skipped[file.path], `${file.path} reported twice`).toBeUndefined();
    skipped[file.path] = file.reason;
  }
  return { selected: result.selected.map((entry) => entry.path), skipped };
}

describe('selectFiles', () => {
  it('applies the rules in order and reports the first that excludes', async () => {
    const tree = treeOf({
      '.gitignore': '*.log\n*.gen.ts\n',
      'node_modules/pkg/yarn.lock': 'x',
      'Node_Modules/a.js': 'x',
      'web/Build/out.js': 'x',
      'app/yarn.lock': 'x',
      'other/x.log': 'x',
      'src/a.log': 'x',
      'src/b.gen.ts': 'x',
      'src/c.test.ts': 'x',
      'src/d.py': 'x',
      'src/e.ts': { size: 6 * 1024 * 1024 },
      'src/f.png': { size: 10 },
      'src/g.ts': 'export {}',
    });
    const { selected, skipped } = await reasons(tree, {
      selectedPaths: ['.gitignore', 'node_modules', 'app/yarn.lock', 'src'],
      excludePatterns: ['*.test.ts', '*.gen.ts'],
      includePatterns: ['*.ts', '*.log', '*.png'],
    });
    expect(skipped).toEqual({
      '.gitignore': { kind: 'not-included', patterns: ['*.ts', '*.log', '*.png'] },
      'node_modules/pkg/yarn.lock': { kind: 'excluded-folder', folder: 'node_modules' },
      'Node_Modules/a.js': { kind: 'excluded-folder', folder: 'Node_Modules' },
      'web/Build/out.js': { kind: 'excluded-folder', folder: 'web/Build' },
      'app/yarn.lock': { kind: 'excluded-file', rule: 'lock file' },
      'other/x.log': { kind: 'not-selected' },
      'src/a.log': { kind: 'gitignored', pattern: '*.log', source: '.gitignore' },
      'src/b.gen.ts': { kind: 'gitignored', pattern: '*.gen.ts', source: '.gitignore' },
      'src/c.test.ts': { kind: 'custom-exclude', pattern: '*.test.ts' },
      'src/d.py': { kind: 'not-included', patterns: ['*.ts', '*.log', '*.png'] },
      'src/e.ts': { kind: 'too-large', size: 6 * 1024 * 1024, limit: 5 * 1024 * 1024 },
      'src/f.png': { kind: 'binary', by: 'extension' },
    });
    expect(selected).toEqual(['src/g.ts']);
  });

  it('selects every eligible file when no selection or patterns are given', async () => {
    const tree = treeOf({
      'README.md': '# hi',
      '.DS_Store': 'x',
      'Cargo.lock': 'x',
      'docs/logo.SVG': '<svg/>',
      'lib/util.rs': 'fn main() {}',
      Makefile: 'all:',
    });
    const { selected, skipped } = await reasons(tree);
    expect(selected).toEqual(['README.md', 'lib/util.rs', 'Makefile']);
    expect(skipped).toEqual({
      '.DS_Store': { kind: 'excluded-file', rule: 'system file' },
      'Cargo.lock': { kind: 'excluded-file', rule: 'lock file' },
      'docs/logo.SVG': { kind: 'binary', by: 'extension' },
    });
  });

  it('keeps only listed files and folders; unknown listed paths are ignored', async () => {
    const tree = treeOf({ 'a.ts': '', 'b.ts': '', 'lib/c.ts': '', 'lib2/d.ts': '' });
    const { selected, skipped } = await reasons(tree, {
      selectedPaths: ['./a.ts', 'lib/', 'missing/file.ts'],
    });
    expect(selected).toEqual(['a.ts', 'lib/c.ts']);
    expect(skipped).toEqual({
      'b.ts': { kind: 'not-selected' },
      'lib2/d.ts': { kind: 'not-selected' },
    });
  });

  it('treats an empty selection as nothing selected', async () => {
    const { selected } = await reasons(treeOf({ 'a.ts': '' }), { selectedPaths: [] });
    expect(selected).toEqual([]);
  });

  it('uses gitignore semantics for custom patterns, negation included', async () => {
    const tree = treeOf({
      'src/a.test.ts': '',
      'src/keep.test.ts': '',
      'src/fixtures/x.ts': '',
      'src/b.ts': '',
      'scripts/run.ts': '',
    });
    const { selected, skipped } = await reasons(tree, {
      excludePatterns: ['*.test.ts', '!keep.test.ts', 'fixtures/'],
      includePatterns: ['src/'],
    });
    expect(selected).toEqual(['src/keep.test.ts', 'src/b.ts']);
    expect(skipped).toEqual({
      'src/a.test.ts': { kind: 'custom-exclude', pattern: '*.test.ts' },
      'src/fixtures/x.ts': { kind: 'custom-exclude', pattern: 'fixtures/' },
      'scripts/run.ts': { kind: 'not-included', patterns: ['src/'] },
    });
  });

  it('reads nested .gitignore files (BOM, CRLF) and none inside excluded folders', async () => {
    const tree = treeOf({
      '.gitignore': '\uFEFF/out.txt\r\n',
      'out.txt': '',
      'pkg/out.txt': '',
      'pkg/.gitignore': 'secret/\n!keep.txt\n',
      'pkg/secret/keep.txt': '',
      'node_modules/.gitignore': '*',
      'node_modules/x.js': '',
    });
    const { selected, skipped } = await reasons(tree);
    expect(tree.reads.sort()).toEqual(['.gitignore', 'pkg/.gitignore']);
    expect(selected).toEqual(['.gitignore', 'pkg/out.txt', 'pkg/.gitignore']);
    expect(skipped['out.txt']).toEqual({
      kind: 'gitignored',
      pattern: '/out.txt',
      source: '.gitignore',
    });
    expect(skipped['pkg/secret/keep.txt']).toEqual({
      kind: 'gitignored',
      pattern: 'secret/',
      source: 'pkg/.gitignore',
    });
  });

  it('does not read .gitignore files when respectGitignore is off', async () => {
    const tree = treeOf({ '.gitignore': '*.ts', 'a.ts': '' });
    const { selected } = await reasons(tree, { respectGitignore: false });
    expect(tree.reads).toEqual([]);
    expect(selected).toEqual(['.gitignore', 'a.ts']);
  });

  it('reports each pruned folder once, and every file exactly once', async () => {
    const tree = treeOf({ 'a.ts': '', 'dist/x.js': '', 'b.lock': '' }, [
      'node_modules',
      'web/.git',
    ]);
    const result = await selectFiles(tree, resolveOptions({}));
    expect(result.skipped).toEqual([
      { path: 'node_modules', reason: { kind: 'excluded-folder', folder: 'node_modules' } },
      { path: 'web/.git', reason: { kind: 'excluded-folder', folder: 'web/.git' } },
      { path: 'dist/x.js', reason: { kind: 'excluded-folder', folder: 'dist' } },
    ]);
    expect(result.selected.map((entry) => entry.path)).toEqual(['a.ts', 'b.lock']);
  });

  it('accounts for every entry of a large tree exactly once', async () => {
    const files: Record<string, string> = { '.gitignore': 'gen/\n*.tmp\n' };
    for (let i = 0; i < 5000; i++) {
      const dir = ['src', 'gen', 'build', 'lib/deep'][i % 4];
      files[`${dir}/m${i % 50}/f${i}.${i % 3 === 0 ? 'tmp' : 'ts'}`] = '';
    }
    const tree = treeOf(files);
    const result = await selectFiles(tree, resolveOptions({}));
    const paths = [...result.selected, ...result.skipped].map((item) => item.path);
    expect(new Set(paths).size).toBe(tree.entries.length);
    expect(paths.length).toBe(tree.entries.length);
    expect(result.selected.every((e) => /^(src|lib)\/.*\.ts$|^\.gitignore$/.test(e.path))).toBe(
      true,
    );
  });
});
