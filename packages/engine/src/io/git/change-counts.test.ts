import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitFixtures, gitEnv } from '../../../test/git/git-servers.js';
import type { GitFixtures } from '../../../test/git/git-servers.js';
import { pack } from '../pack.js';
import { readChangeCounts } from './change-counts.js';
import type { GitReader } from './git-log.js';

let fixtures: GitFixtures;
let work: string;
let head: string;

beforeAll(() => {
  fixtures = createGitFixtures();
  work = fixtures.createWorkTree([
    { message: 'first', files: { 'a.ts': 'a\n', 'b.ts': 'b\n', 'c.ts': 'c\n', 'é.ts': 'e\n' } },
    { message: 'a again', files: { 'a.ts': 'a2\n' } },
    { message: 'a and é', files: { 'a.ts': 'a3\n', 'é.ts': 'e2\n' } },
    { message: 'c', files: { 'c.ts': 'c2\n' } },
  ]);
  head = fixtures.git(['rev-parse', 'HEAD'], work);
});

afterAll(() => fixtures.remove());

/** Git in `cwd` with the fixtures' clean environment (no configuration of this machine). */
const readerIn =
  (cwd: string): GitReader =>
  async (args) =>
    execFileSync('git', args, { cwd, env: gitEnv(fixtures.base), stdio: 'pipe' });

describe('readChangeCounts', () => {
  it('counts the commits that changed each file, paths unquoted', async () => {
    const counts = await readChangeCounts(readerIn(work));
    expect(Object.fromEntries(counts)).toEqual({ 'a.ts': 3, 'b.ts': 1, 'c.ts': 2, 'é.ts': 2 });
  });

  it('reads a commit named by id in a repository without HEAD (a fetch by id)', async () => {
    const fetched = mkdtempSync(join(fixtures.base, 'fetched-'));
    fixtures.git(['init', '-q', '.'], fetched);
    fixtures.git(['fetch', '-q', work, 'main'], fetched);
    await expect(readChangeCounts(readerIn(fetched))).rejects.toThrow();
    const counts = await readChangeCounts(readerIn(fetched), head);
    expect(counts.get('a.ts')).toBe(3);
  });
});

describe('pack with change counts from the caller', () => {
  it('orders a ZIP of the commit by the counts, most changed last, ties by path', async () => {
    const zip = join(fixtures.base, 'commit.zip');
    fixtures.git(['archive', '--format=zip', `--output=${zip}`, 'HEAD'], work);
    const counts = await readChangeCounts(readerIn(work));
    const sorted = await pack(zip, {}, { workers: 0, changeCounts: counts });
    expect(sorted.files.map((file) => file.path)).toEqual(['b.ts', 'c.ts', 'é.ts', 'a.ts']);
    const plain = await pack(zip, {}, { workers: 0 });
    expect(plain.files.map((file) => file.path)).toEqual(['a.ts', 'b.ts', 'c.ts', 'é.ts']);
  });
});
