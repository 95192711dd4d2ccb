import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { INVALID_REPOSITORY_URL, refProblem } from '@repobundle/contract';
import { buildCloneUrl, filePathProblem, parseRepositoryUrl } from './repository-url.js';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseRepositoryUrl', () => {
  it('reads owner, repository and ref in the forms people paste', () => {
    expect(parseRepositoryUrl('https://github.com/acme/widgets')).toEqual({
      owner: 'acme',
      repo: 'widgets',
      ref: 'main',
      mayUseDefaultBranch: true,
      url: 'https://github.com/acme/widgets',
    });
    expect(parseRepositoryUrl('github.com/acme/widgets.git/')).toMatchObject({
      owner: 'acme',
      repo: 'widgets',
      url: 'https://github.com/acme/widgets',
    });
    expect(parseRepositoryUrl(' https://GitHub.com/a-b/c_d.e?tab=readme#top ')).toMatchObject({
      owner: 'a-b',
      repo: 'c_d.e',
      url: 'https://github.com/a-b/c_d.e',
    });
    expect(parseRepositoryUrl('https://github.com/acme/widgets/tree/feature/x')).toMatchObject({
      ref: 'feature/x',
      mayUseDefaultBranch: false,
    });
    expect(parseRepositoryUrl('https://github.com/acme/widgets/tree/v1%2B2')).toMatchObject({
      ref: 'v1+2',
    });
  });

  it('takes the form branch unless the URL names one', () => {
    expect(parseRepositoryUrl('github.com/acme/widgets', 'dev')).toMatchObject({
      ref: 'dev',
      mayUseDefaultBranch: false,
    });
    expect(parseRepositoryUrl('github.com/acme/widgets', 'main')).toMatchObject({
      ref: 'main',
      mayUseDefaultBranch: true,
    });
    expect(parseRepositoryUrl('github.com/acme/widgets/tree/dev', 'main').ref).toBe('dev');
    expect(parseRepositoryUrl('github.com/acme/widgets', '  ').ref).toBe('main');
  });

  it('keeps any host for display only', () => {
    expect(parseRepositoryUrl('http://git.example.org:8080/team/app').url).toBe(
      'http://git.example.org:8080/team/app',
    );
  });

  it.each([
    'acme/widgets',
    'https://github.com/acme',
    'https://github.com/../widgets',
    'https://github.com/acme/..',
    'https://github.com/a..b/widgets',
    'https://github.com/acme/wid gets',
    'https://github.com/acme/widgets/blob/main/README.md',
    'https://github.com/acme/widgets/tree',
    'ssh://git@github.com/acme/widgets',
    'git@github.com:acme/widgets.git',
    'file:///etc/passwd',
    'https://user:pass@github.com/acme/widgets',
    'https://github.com/acme/widgets/tree/%E0%A4%A',
    '',
  ])('refuses %j with the spec message', (url) => {
    const error = refusal(() => parseRepositoryUrl(url));
    expect(error.status).toBe(400);
    expect(error.code).toBe('INVALID_REPOSITORY_URL');
    expect(error.detail).toBe(INVALID_REPOSITORY_URL);
  });

  it.each([
    ['--upload-pack=touch /tmp/pwned', 'starts with "-"'],
    ['-b', 'starts with "-"'],
    ['../x', 'contains ".."'],
    ['a..b', 'contains ".."'],
    ['a b', 'contains a space'],
    ['a~1', 'contains a space or one of'],
    ['a:b', 'contains a space or one of'],
    ['a\\b', 'contains a space or one of'],
    ['/a', 'empty part'],
    ['a/', 'empty part'],
    ['a//b', 'empty part'],
    ['.hidden', 'starting with "."'],
    ['a/.b', 'starting with "."'],
    ['x.lock', 'ending with ".lock"'],
    ['a.', 'ends with "."'],
    ['a@{1}', '@{'],
    ['@', '@{'],
    ['x'.repeat(256), 'longer than 255'],
  ])('refuses the ref %j', (ref, problem) => {
    expect(refProblem(ref)).toContain(problem);
    const error = refusal(() => parseRepositoryUrl('github.com/acme/widgets', ref));
    expect(error.code).toBe('INVALID_REPOSITORY_URL');
    expect(error.detail).toContain(problem);
  });

  it.each(['main', 'feature/x-1', 'release-2.0', 'v1.2.3', 'a'.repeat(255), 'über'])(
    'accepts the ref %j',
    (ref) => expect(refProblem(ref)).toBeNull(),
  );
});

describe('buildCloneUrl', () => {
  it('fills only the configured template', () => {
    expect(buildCloneUrl('https://github.com/{owner}/{repo}.git', 'acme', 'widgets')).toBe(
      'https://github.com/acme/widgets.git',
    );
    expect(buildCloneUrl('git://127.0.0.1:9418/{owner}/{repo}.git', 'a', 'b')).toBe(
      'git://127.0.0.1:9418/a/b.git',
    );
  });

  it('refuses names that were not checked', () => {
    expect(() => buildCloneUrl('https://h/{owner}/{repo}', '..', 'x')).toThrow();
    expect(() => buildCloneUrl('https://h/{owner}/{repo}', 'a/b', 'x')).toThrow();
  });
});

describe('filePathProblem', () => {
  it.each(['README.md', 'src/a b/c.ts', '.github/workflows/ci.yml'])('accepts %j', (path) =>
    expect(filePathProblem(path)).toBeNull(),
  );
  it.each(['../etc/passwd', 'a/../../b', '/etc/passwd', 'a//b', './a', 'a/', 'a\nb', 'a\0b'])(
    'refuses %j',
    (path) => expect(filePathProblem(path)).not.toBeNull(),
  );
});
