import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import type { SourceTree } from '../types.js';
import { selectFiles } from './select-files.js';
import {
  createSelectionRule,
  gitignoreFilesOf,
  gitignoreSource,
  type SelectionRuleOptions,
} from './selection-rule.js';

const encoder = new TextEncoder();

const files: Record<string, string> = {
  '.gitignore': '*.log\n/generated/\n!keep.log\n',
  'src/.gitignore': 'local-*.ts\n',
  'node_modules/pkg/.gitignore': '*.ts\n',
  'src/app.ts': 'export const a = 1;\n',
  'src/local-notes.ts': 'x\n',
  'src/util/fmt.ts': 'x\n',
  'src/util/fmt.test.ts': 'x\n',
  'docs/guide.md': '# Guide\n',
  'docs/draft.md': '# Draft\n',
  'generated/api.ts': 'x\n',
  'server.log': 'x\n',
  'keep.log': 'x\n',
  'yarn.lock': 'x\n',
  'logo.png': 'x',
};

const base: SelectionRuleOptions = {
  respectGitignore: true,
  includePatterns: [],
  excludePatterns: [],
  maxFileBytes: 5 * 1024 * 1024,
};

const entries = Object.entries(files).map(([path, content]) => ({
  path,
  size: encoder.encode(content).length,
}));

function sourcesOf(paths: readonly { path: string }[]) {
  return gitignoreFilesOf(paths).map(({ file, dir }) =>
    gitignoreSource(file.path, dir, encoder.encode(files[file.path]!)),
  );
}

function kept(options: SelectionRuleOptions): string[] {
  const rule = createSelectionRule(options, sourcesOf(entries));
  return entries.filter((entry) => rule(entry) === undefined).map((entry) => entry.path);
}

function treeOf(): SourceTree {
  return {
    name: 'fixture',
    kind: 'memory',
    entries: Object.entries(files).map(([path, content]) => {
      const bytes = encoder.encode(content);
      return { path, size: bytes.length, read: () => Promise.resolve(bytes) };
    }),
    close: () => Promise.resolve(),
  };
}

describe('createSelectionRule', () => {
  it('names the .gitignore files that count: none inside an excluded folder', () => {
    expect(gitignoreFilesOf(entries).map(({ file, dir }) => [file.path, dir])).toEqual([
      ['.gitignore', ''],
      ['src/.gitignore', 'src'],
    ]);
  });

  it('applies nested .gitignore files, negations and the built-in exclusions', () => {
    expect(kept(base)).toEqual([
      '.gitignore',
      'src/.gitignore',
      'src/app.ts',
      'src/util/fmt.ts',
      'src/util/fmt.test.ts',
      'docs/guide.md',
      'docs/draft.md',
      'keep.log',
    ]);
  });

  it('ignores the .gitignore files when the option is off', () => {
    expect(kept({ ...base, respectGitignore: false })).toContain('generated/api.ts');
    expect(kept({ ...base, respectGitignore: false })).toContain('server.log');
  });

  it('applies custom exclude and include patterns after .gitignore, with reasons', () => {
    const options = {
      ...base,
      excludePatterns: ['*.test.ts', 'draft.md'],
      includePatterns: ['*.ts', 'docs/', '!src/util/fmt.ts'],
    };
    expect(kept(options)).toEqual(['src/app.ts', 'docs/guide.md']);
    const rule = createSelectionRule(options, sourcesOf(entries));
    expect(rule({ path: 'src/util/fmt.test.ts', size: 2 })).toEqual({
      kind: 'custom-exclude',
      pattern: '*.test.ts',
    });
    expect(rule({ path: 'src/local-notes.ts', size: 2 })).toEqual({
      kind: 'gitignored',
      pattern: 'local-*.ts',
      source: 'src/.gitignore',
    });
    expect(rule({ path: 'keep.log', size: 2 })).toMatchObject({ kind: 'not-included' });
    expect(rule({ path: 'src/util/fmt.ts', size: 2 })).toMatchObject({ kind: 'not-included' });
  });

  it('decides exactly as selectFiles does for a whole tree', async () => {
    const cases: SelectionRuleOptions[] = [
      base,
      { ...base, respectGitignore: false },
      { ...base, excludePatterns: ['docs/**'], includePatterns: ['*.ts', '*.md'] },
      { ...base, selectedPaths: ['src', 'keep.log', 'generated/api.ts'] },
      { ...base, maxFileBytes: 5 },
    ];
    for (const options of cases) {
      const { selected } = await selectFiles(
        treeOf(),
        resolveOptions({
          ...options,
          includePatterns: [...options.includePatterns],
          excludePatterns: [...options.excludePatterns],
          selectedPaths: options.selectedPaths && [...options.selectedPaths],
        }),
      );
      expect(kept(options), JSON.stringify(options)).toEqual(selected.map((entry) => entry.path));
    }
  });
});
