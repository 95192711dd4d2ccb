import { DEFAULT_REPOSITORY_BRANCH } from '@repobundle/contract';
import { badRequest } from '../../errors.js';

// What the user types never reaches a command line unchecked: the URL is reduced
// to an owner, a repository and a ref; the clone URL comes from GIT_CLONE_URL alone.

export const INVALID_REPOSITORY_URL = 'Please enter a valid GitHub repository URL';

/** A repository the user asked for, reduced to what the server trusts. */
export interface RepositoryTarget {
  owner: string;
  repo: string;
  /** Branch, tag or full commit id. */
  ref: string;
  /**
   * True when the ref is main only by default (the form's default, not the URL's): a repository
   * whose default branch has another name (master) is then read from that branch.
   */
  mayUseDefaultBranch: boolean;
  /** The repository's page as the user named it, for links back (never fetched). */
  url: string;
}

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const HOST = /^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$/;
const MAX_REF_LENGTH = 255;

/** Why a branch, tag or commit name cannot be used, or null (git check-ref-format rules). */
export function refProblem(ref: string): string | null {
  if (ref.length === 0) return 'is empty';
  if (ref.length > MAX_REF_LENGTH) return `is longer than ${MAX_REF_LENGTH} characters`;
  if (ref.startsWith('-')) return 'starts with "-"';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(ref)) return 'contains a space or one of ~ ^ : ? * [ \\';
  if (ref.includes('..')) return 'contains ".."';
  if (ref.includes('@{') || ref === '@') return 'contains "@{"';
  if (ref.startsWith('/') || ref.endsWith('/') || ref.includes('//')) {
    return 'has an empty part between slashes';
  }
  if (ref.endsWith('.')) return 'ends with "."';
  for (const part of ref.split('/')) {
    if (part.startsWith('.')) return 'has a part starting with "."';
    if (part.endsWith('.lock')) return 'has a part ending with ".lock"';
  }
  return null;
}

function checkRef(ref: string): string {
  const problem = refProblem(ref);
  if (problem) {
    throw badRequest(
      'INVALID_REPOSITORY_URL',
      `The branch or commit ${JSON.stringify(ref.slice(0, 80))} ${problem}.`,
    );
  }
  return ref;
}

/** A full commit id (SHA-1 or SHA-256): fetched by id, since clone only takes names. */
export function isCommitId(ref: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(ref);
}

function isName(part: string | undefined): part is string {
  return part !== undefined && NAME.test(part) && !part.includes('..') && part !== '.';
}

/**
 * Parses `{host}/{owner}/{repo}` with an optional `/tree/{branch or commit}`, with or without http(s)://, a trailing `.git` or slash, a query or a fragment.
 * A ref in the URL wins over the form's `branch`, which defaults to main.
 */
export function parseRepositoryUrl(input: string, branch?: string): RepositoryTarget {
  const invalid = () => badRequest('INVALID_REPOSITORY_URL', INVALID_REPOSITORY_URL);
  const text = input.trim().replace(/[?#].*$/, '');
  const match = /^(?:(https?):\/\/)?([^/]+)\/(.+?)\/?$/i.exec(text);
  if (!match || !HOST.test(match[2]!)) throw invalid();
  const [owner, rawRepo, tree, ...refParts] = match[3]!.split('/');
  const repo = rawRepo?.replace(/\.git$/i, '');
  if (!isName(owner) || !isName(repo)) throw invalid();
  if (tree !== undefined && (tree !== 'tree' || refParts.length === 0)) throw invalid();
  let urlRef: string | undefined;
  if (refParts.length > 0) {
    try {
      urlRef = decodeURIComponent(refParts.join('/'));
    } catch {
      throw invalid();
    }
  }
  const formRef = branch?.trim() || undefined;
  const ref = checkRef(urlRef ?? formRef ?? DEFAULT_REPOSITORY_BRANCH);
  const scheme = (match[1] ?? 'https').toLowerCase();
  return {
    owner,
    repo,
    ref,
    mayUseDefaultBranch: urlRef === undefined && ref === DEFAULT_REPOSITORY_BRANCH,
    url: `${scheme}://${match[2]!.toLowerCase()}/${owner}/${repo}`,
  };
}

/** GIT_CLONE_URL with {owner} and {repo} filled in: the only URL git is ever given. */
export function buildCloneUrl(template: string, owner: string, repo: string): string {
  if (!isName(owner) || !isName(repo)) throw new Error('owner and repo must be checked first');
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
