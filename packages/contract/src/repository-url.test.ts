import { describe, expect, it } from 'vitest';
import { INVALID_REPOSITORY_URL, readRepositoryUrl, refProblem } from './repository-url.js';

describe('readRepositoryUrl', () => {
  it('reads owner, repository and ref in the forms people paste', () => {
    expect(readRepositoryUrl('https://github.com/acme/widgets')).toEqual({
      target: {
        owner: 'acme',
        repo: 'widgets',
        ref: 'main',
        mayUseDefaultBranch: true,
        url: 'https://github.com/acme/widgets',
      },
    });
    expect(readRepositoryUrl('github.com/acme/shop/tree/release/2.x')).toMatchObject({
      target: { repo: 'shop', ref: 'release/2.x', mayUseDefaultBranch: false },
    });
    expect(readRepositoryUrl(' https://GitHub.com/a-b/c_d.e.git?tab=readme#top ')).toMatchObject({
      target: { owner: 'a-b', repo: 'c_d.e', url: 'https://github.com/a-b/c_d.e' },
    });
  });

  it('lets a ref in the URL win over the form branch, which defaults to main', () => {
    expect(readRepositoryUrl('github.com/acme/widgets', 'dev')).toMatchObject({
      target: { ref: 'dev', mayUseDefaultBranch: false },
    });
    expect(readRepositoryUrl('github.com/acme/widgets/tree/v1%2B2', 'dev')).toMatchObject({
      target: { ref: 'v1+2' },
    });
  });

  it.each([
    'acme/widgets',
    'https://github.com/acme',
    'https://github.com/acme/..',
    'https://github.com/acme/widgets/blob/main/README.md',
    'git@github.com:acme/widgets.git',
    'https://user:pass@github.com/acme/widgets',
    '',
  ])('refuses %j as not a repository URL', (url) => {
    expect(readRepositoryUrl(url)).toEqual({ problem: INVALID_REPOSITORY_URL });
  });

  it('names what is wrong with a ref', () => {
    expect(readRepositoryUrl('github.com/acme/widgets/tree/a..b')).toEqual({
      problem: 'The branch or commit "a..b" contains "..".',
    });
    expect(refProblem('--upload-pack=x')).toBe('starts with "-"');
    expect(refProblem('feature/x-1')).toBeNull();
  });
});
