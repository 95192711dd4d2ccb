import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IGNORE_CASES } from './ignore-cases.fixture.js';
import type { IgnoreCase } from './ignore-cases.fixture.js';
import { IgnoreMatcher } from './ignore-matcher.js';

interface Verdict {
  readonly ignored: boolean;
  readonly by?: { readonly pattern: string; readonly source: string; readonly line: number };
}

function matcherFor(testCase: IgnoreCase): IgnoreMatcher {
  return new IgnoreMatcher(
    Object.entries(testCase.files).map(([dir, content]) => ({
      dir,
      source: dir === '' ? '.gitignore' : `${dir}/.gitignore`,
      content,
    })),
  );
}

function ourVerdict(testCase: IgnoreCase): Verdict {
  const pattern = matcherFor(testCase).decide(testCase.path, testCase.isDirectory ?? false);
  if (!pattern) return { ignored: false };
  return {
    ignored: !pattern.negated,
    by: { pattern: pattern.text, source: pattern.source, line: pattern.line },
  };
}

describe('IgnoreMatcher (table)', () => {
  it('has a case for every rule', () => {
    expect(IGNORE_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(IGNORE_CASES.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    const expected: Verdict = testCase.by
      ? { ignored: testCase.ignored, by: testCase.by }
      : { ignored: testCase.ignored };
    expect(ourVerdict(testCase)).toEqual(expected);
  });

  it('caches folder decisions without changing answers', () => {
    const matcher = new IgnoreMatcher([{ dir: '', source: '.gitignore', content: 'gen/\n*.o' }]);
    expect(matcher.isIgnored('a/gen/x.ts', false)).toBe(true);
    expect(matcher.isIgnored('a/gen/y.ts', false)).toBe(true);
    expect(matcher.isIgnored('a/src/y.ts', false)).toBe(false);
    expect(matcher.isIgnored('a/src/y.o', false)).toBe(true);
  });
});

/**
 * Runs every case through `git check-ignore --no-index -v -n`, one case per folder of a single
 * temporary repository, with one git process reading all paths from stdin.
 */
describe('IgnoreMatcher agrees with git check-ignore', () => {
  let repo = '';
  const gitVerdicts = new Map<string, Verdict>();

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'repobundle-ignore-'));
    const env = {
      ...process.env,
      HOME: repo,
      XDG_CONFIG_HOME: repo,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    };
    const init = spawnSync('git', ['init', '-q', 'repo'], { cwd: repo, env });
    expect(init.status).toBe(0);
    const root = join(repo, 'repo');
    const queries = IGNORE_CASES.map((testCase, index) => {
      const folder = `c${String(index).padStart(3, '0')}`;
      for (const [dir, content] of Object.entries(testCase.files)) {
        const file = join(root, folder, dir, '.gitignore');
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, content);
      }
      const target = join(root, folder, testCase.path);
      if (testCase.isDirectory) {
        mkdirSync(target, { recursive: true });
      } else {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, '');
      }
      return `${folder}/${testCase.path}`;
    });
    const run = spawnSync(
      'git',
      ['-c', 'core.ignorecase=false', 'check-ignore', '--no-index', '-v', '-n', '-z', '--stdin'],
      { cwd: root, env, input: queries.map((q) => `${q}\0`).join(''), encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    const fields = run.stdout.split('\0');
    for (let i = 0; i + 3 < fields.length; i += 4) {
      const [source = '', line = '', pattern = '', path = ''] = fields.slice(i, i + 4);
      const folder = path.slice(0, path.indexOf('/') + 1);
      gitVerdicts.set(
        path,
        source === ''
          ? { ignored: false }
          : {
              ignored: !pattern.startsWith('!'),
              by: { pattern, source: source.slice(folder.length), line: Number(line) },
            },
      );
    }
    expect(gitVerdicts.size).toBe(IGNORE_CASES.length);
  });

  afterAll(() => {
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  it.each(IGNORE_CASES.map((c, index) => [c.name, c, index] as const))(
    '%s',
    (_name, testCase, index) => {
      const key = `c${String(index).padStart(3, '0')}/${testCase.path}`;
      expect(ourVerdict(testCase)).toEqual(gitVerdicts.get(key));
    },
  );
});
