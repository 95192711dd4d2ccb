import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '../../config/options.js';
import { createGitFixtures } from '../../../test/git/git-servers.js';
import type { GitFixtures } from '../../../test/git/git-servers.js';
import { pack } from '../pack.js';
import { readGitContext } from './git-context.js';

const TEMPLATE =
  'chunk {{chunk.index}}\n{{!-- overview --}}\n{{git.diffs.staged}}|{{git.logs.0.message}}';

let fixtures: GitFixtures;
let work: string;

beforeAll(() => {
  fixtures = createGitFixtures();
  work = fixtures.createWorkTree([
    {
      message: 'first',
      files: { 'a.ts': 'export const a = 1;\n', 'b.ts': 'b\n', 'c.ts': 'c\n', 'lib/z.ts': 'z\n' },
    },
    { message: 'change c', files: { 'c.ts': 'c2\n' } },
    { message: 'change b and c\n\nwith a body line', files: { 'b.ts': 'b2\n', 'c.ts': 'c3\n' } },
  ]);
  writeFileSync(join(work, 'a.ts'), 'export const a = 2; // staged\n');
  fixtures.git(['add', 'a.ts'], work);
  writeFileSync(join(work, 'b.ts'), 'b3 not staged\n');
  writeFileSync(join(work, 'd.ts'), 'untracked\n');
});

afterAll(() => fixtures.remove());

describe('readGitContext', () => {
  it('reads staged and working-tree diffs, the last N commits and change counts', async () => {
    const result = await readGitContext(work, {
      includeDiffs: true,
      includeLogs: 2,
      sortByChanges: true,
    });
    expect(result.notes).toEqual([]);
    const diffs = result.context?.diffs;
    expect(diffs?.staged).toContain('+export const a = 2; // staged');
    expect(diffs?.staged).not.toContain('b3 not staged');
    expect(diffs?.workingTree).toContain('+b3 not staged');
    expect(diffs?.workingTree).not.toContain('const a = 2');
    const logs = result.context?.logs ?? [];
    expect(logs.map((commit) => commit.message)).toEqual([
      'change b and c\n\nwith a body line',
      'change c',
    ]);
    expect(logs[0]?.files).toEqual(['b.ts', 'c.ts']);
    expect(logs[0]?.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(Object.fromEntries(result.changeCounts ?? [])).toEqual({
      'a.ts': 1,
      'b.ts': 2,
      'c.ts': 3,
      'lib/z.ts': 1,
    });
  });

  it('limits paths and history to the sub-folder packed', async () => {
    const result = await readGitContext(join(work, 'lib'), {
      includeDiffs: false,
      includeLogs: 10,
      sortByChanges: true,
    });
    expect(result.context?.logs?.map((commit) => commit.files)).toEqual([['z.ts']]);
    expect(Object.fromEntries(result.changeCounts ?? [])).toEqual({ 'z.ts': 1 });
  });

  it('runs no program named by the repository configuration', async () => {
    const repo = fixtures.createWorkTree([{ message: 'init', files: { 'x.ts': 'x\n' } }]);
    const marker = join(fixtures.base, `fsmonitor-ran-${Date.now()}`);
    fixtures.git(['config', 'core.fsmonitor', `touch ${marker}; false`], repo);
    writeFileSync(join(repo, 'x.ts'), 'changed\n');
    const result = await readGitContext(repo, {
      includeDiffs: true,
      includeLogs: 1,
      sortByChanges: false,
    });
    expect(result.context?.diffs?.workingTree).toContain('+changed');
    expect(existsSync(marker)).toBe(false);
  });

  it('says so when the folder is not a git work tree', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'repobundle-plain-'));
    try {
      const result = await readGitContext(plain, {
        includeDiffs: true,
        includeLogs: 50,
        sortByChanges: false,
      });
      expect(result.context).toBeUndefined();
      expect(result.notes).toEqual([
        '--include-diffs, --include-logs left out: the input is not a git work tree.',
      ]);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('pack with git context', () => {
  it('orders files by how often they changed, most changed last, ties by path', async () => {
    const bundle = await pack(
      work,
      { outputFormat: 'json' },
      { workers: 0, git: { includeDiffs: false, includeLogs: undefined, sortByChanges: true } },
    );
    expect(bundle.files.map((file) => file.path)).toEqual([
      'd.ts',
      'a.ts',
      'lib/z.ts',
      'b.ts',
      'c.ts',
    ]);
    const chunk = bundle.chunks[0]?.text ?? '';
    expect(chunk.indexOf('"path":"d.ts"')).toBeLessThan(chunk.indexOf('"path":"c.ts"'));
  });

  it('keeps the source order without --sort-by-changes', async () => {
    const bundle = await pack(work, {}, { workers: 0 });
    expect(bundle.files.map((file) => file.path)).toEqual([
      'a.ts',
      'b.ts',
      'c.ts',
      'd.ts',
      'lib/z.ts',
    ]);
  });

  it.each(OUTPUT_FORMATS)(
    'puts diffs and log in the %s overview and counts their tokens',
    async (format) => {
      const request = { includeDiffs: true, includeLogs: 1, sortByChanges: false };
      const options = {
        outputFormat: format,
        ...(format === 'custom' && { template: TEMPLATE }),
      };
      const plain = await pack(work, options, { workers: 0 });
      const bundle = await pack(work, options, { workers: 0, git: request });
      const text = bundle.overview.text;
      expect(text).toContain('export const a = 2;');
      expect(text).toContain('change b and c');
      expect(plain.overview.text).not.toContain('change b and c');
      expect(bundle.statistics.gitContextTokens).toBeGreaterThan(10);
      expect(bundle.statistics.outputTokens).toBe(
        plain.statistics.outputTokens + bundle.statistics.gitContextTokens,
      );
    },
  );

  it('lays the git context out as data in json', async () => {
    const bundle = await pack(
      work,
      { outputFormat: 'json' },
      { workers: 0, git: { includeDiffs: true, includeLogs: 2, sortByChanges: false } },
    );
    const overview = JSON.parse(bundle.overview.text) as {
      git: {
        tokens: number;
        diffs: { staged: string; working_tree: string };
        logs: { message: string; files: string[] }[];
      };
    };
    expect(overview.git.tokens).toBe(bundle.statistics.gitContextTokens);
    expect(overview.git.diffs.working_tree).toContain('+b3 not staged');
    expect(overview.git.logs.map((commit) => commit.files)).toEqual([['b.ts', 'c.ts'], ['c.ts']]);
  });

  it('redacts credentials in diffs with --redact-secrets', async () => {
    const repo = fixtures.createWorkTree([{ message: 'init', files: { 'k.ts': 'x\n' } }]);
    const secret = 'corp-424242';
    writeFileSync(join(repo, 'k.ts'), `const token = "${secret}";\n`);
    const bundle = await pack(
      repo,
      { redactSecrets: true, customSecretPatterns: ['corp-[0-9]{6}'] },
      { workers: 0, git: { includeDiffs: true, includeLogs: undefined, sortByChanges: false } },
    );
    expect(bundle.overview.text).not.toContain(secret);
    expect(bundle.overview.text).toContain('+const token = "[REDACTED:custom]";');
  });

  it('notes in the summary and the overview that a plain folder has no git context', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'repobundle-plain-'));
    try {
      mkdirSync(join(plain, 'src'));
      writeFileSync(join(plain, 'src', 'x.ts'), 'x\n');
      const bundle = await pack(
        plain,
        {},
        { workers: 0, git: { includeDiffs: false, includeLogs: undefined, sortByChanges: true } },
      );
      const note = '--sort-by-changes left out: the input is not a git work tree.';
      expect(bundle.notes).toContain(note);
      expect(bundle.overview.text).toContain(note);
      expect(bundle.statistics.gitContextTokens).toBe(0);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
