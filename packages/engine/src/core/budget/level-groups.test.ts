import type { PackLevel } from '@repobundle/contract/models';
import { describe, expect, it } from 'vitest';
import { levelGroups } from './level-groups.js';
import { rankFiles } from './rank-files.js';

const file = (path: string, content = '') => ({ path, language: 'typescript', content });

describe('levelGroups', () => {
  const files = [
    file('src/core.ts'),
    file('src/user.ts', "import { x } from './core';"),
    file('src/a.ts'),
    file('src/b.ts'),
    file('src/c.ts'),
    file('src/d.ts'),
    file('test/e.test.ts'),
    file('docs/pinned.md'),
  ];
  const ranked = rankFiles(files, { keepPatterns: ['docs/'] });
  const levels = new Map<string, PackLevel>([
    ['docs/pinned.md', 'full'],
    ['src/core.ts', 'full'],
    ['src/a.ts', 'no_comments'],
    ['src/b.ts', 'no_comments'],
    ['src/c.ts', 'full'],
    ['src/d.ts', 'signatures'],
    ['src/user.ts', 'path_only'],
    ['test/e.test.ts', 'path_only'],
  ]);

  it('states one reason for the ordinary files of each level and names the exceptions', () => {
    const groups = levelGroups(
      ranked,
      levels,
      new Map([['src/c.ts', 'signatures would be no smaller']]),
    );
    expect(groups).toEqual([
      {
        level: 'full',
        files: 1,
        reason:
          'the 1 most important file (ranks 2-2 of 8; no focus match, at most 1 importer, source 1)',
      },
      {
        level: 'no_comments',
        files: 2,
        reason: expect.stringMatching(
          /^comments removed: ranked below the 1 file above \(ranks 3-4 of 8; no focus match, not imported, source 2\)$/,
        ),
      },
      {
        level: 'signatures',
        files: 1,
        reason: expect.stringMatching(/^cut to signatures: ranked below the 3 files above/),
      },
      {
        level: 'path_only',
        files: 2,
        // src/user.ts has no syntax tree here: its band says its imports were read by pattern.
        reason: expect.stringMatching(
          /^listed by path: .*not imported, source 1, test 1, imports of 1 read by pattern\)$/,
        ),
      },
      { level: 'full', files: 1, reason: 'rank 1/8: kept', paths: ['docs/pinned.md'] },
      {
        level: 'full',
        files: 1,
        reason: 'signatures would be no smaller',
        paths: ['src/c.ts'],
      },
    ]);
    // Every file is covered exactly once: by a named entry or its level's shared line.
    const covered = groups.reduce((sum, group) => sum + group.files, 0);
    expect(covered).toBe(files.length);
  });

  it('says so when every file fits whole', () => {
    const whole = new Map(files.map((entry) => [entry.path, 'full' as const]));
    expect(levelGroups(ranked, whole)).toEqual([
      { level: 'full', files: 7, reason: 'every file fits the budget whole' },
      { level: 'full', files: 1, reason: 'rank 1/8: kept', paths: ['docs/pinned.md'] },
    ]);
  });
});
