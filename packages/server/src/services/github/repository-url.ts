import { isRepositoryName, readRepositoryUrl, type RepositoryTarget } from '@repobundle/contract';
import { badRequest } from '../../errors.js';

// The URL rules themselves live in @repobundle/contract, shared with the web form; here a
// refusal becomes the 400 the routes answer with.

/** A full commit id (SHA-1 or SHA-256): fetched by id, since clone only takes names. */
export function isCommitId(ref: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(ref);
}

/** The repository a URL names (see readRepositoryUrl), or a 400 INVALID_REPOSITORY_URL. */
export function parseRepositoryUrl(input: string, branch?: string): RepositoryTarget {
  const reading = readRepositoryUrl(input, branch);
  if ('problem' in reading) throw badRequest('INVALID_REPOSITORY_URL', reading.problem);
  return reading.target;
}

/** GIT_CLONE_URL with {owner} and {repo} filled in: the only URL git is ever given. */
export function buildCloneUrl(template: string, owner: string, repo: string): string {
  if (!isRepositoryName(owner) || !isRepositoryName(repo))
    throw new Error('owner and repo must be checked first');
  const url = template.replaceAll('{owner}', owner).replaceAll('{repo}', repo);
  if (url.startsWith('-')) throw new Error('GIT_CLONE_URL must not start with "-"');
  return url;
}

/** Why a path inside the repository cannot be used, or null. */
export function filePathProblem(path: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(path)) return 'contains a control character';
  if (path.startsWith('/')) return 'must be relative to the repository root';
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) {
    return 'must not contain empty, "." or ".." parts';
  }
  return null;
}
