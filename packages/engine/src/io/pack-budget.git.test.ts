import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_LEVELS } from '@repobundle/contract/models';
import { createGitFixtures } from '../../test/git/git-servers.js';
import type { GitFixtures } from '../../test/git/git-servers.js';
import { pack } from './pack.js';

let fixtures: GitFixtures;
let work: string;

const body = (name: string, version: number) =>
  Array.from(
    { length: 12 },
    (_, index) =>
      `/** ${name} helper ${index}, version ${version}. */\nexport function ${name}${index}(x: number): number {\n  // add the index\n  return x + ${index};\n}\n`,
  ).join('\n');

beforeAll(() => {
  fixtures = createGitFixtures();
  work = fixtures.createWorkTree([
    { message: 'first', files: { 'a-cold.ts': body('cold', 1), 'b-hot.ts': body('hot', 1) } },
    { message: 'hot again', files: { 'b-hot.ts': body('hot', 2) } },
    { message: 'hot once more', files: { 'b-hot.ts': body('hot', 3) } },
  ]);
});

afterAll(() => fixtures.remove());

describe('packing a git work tree to a budget', () => {
  it('cuts the file history changed least first, without reordering the output', async () => {
    const full = await pack(work, {}, { workers: 0 });
    const bundle = await pack(
      work,
      { tokenBudget: Math.round(full.statistics.outputTokens * 0.9) },
      { workers: 0 },
    );
    const byPath = new Map(bundle.files.map((file) => [file.path, file]));
    const depth = (path: string) => PACK_LEVELS.indexOf(byPath.get(path)?.level ?? 'full');
    expect(depth('a-cold.ts')).toBeGreaterThan(depth('b-hot.ts'));
    expect(byPath.get('b-hot.ts')?.levelReason).toBe('rank 1/2: 3 commits');
    expect(byPath.get('a-cold.ts')?.levelReason).toBe('rank 2/2: 1 commit');
    expect(bundle.files.map((file) => file.path)).toEqual(['a-cold.ts', 'b-hot.ts']);
    // History read for ranking only: no note about git context nobody asked for.
    expect(bundle.notes).toEqual([]);
  });
});
