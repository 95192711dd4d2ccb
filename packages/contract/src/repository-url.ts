import { DEFAULT_REPOSITORY_BRANCH } from './github.js';

// The repository URL rules, the same in the browser (the form's check) and on the server (which
// decides). What the user types never reaches a command line unchecked: the URL is reduced to an
// owner, a repository and a ref; the server takes the clone URL from its own configuration.

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

/** A URL read: the repository, or a sentence saying what is wrong with it. */
export type RepositoryUrlReading = { target: RepositoryTarget } | { problem: string };

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

/** An owner or repository name: letters, digits, `_`, `.` and `-`, never `.` or `..` in it. */
export function isRepositoryName(part: string | undefined): part is string {
  return part !== undefined && NAME.test(part) && !part.includes('..') && part !== '.';
}

/**
 * Reads `{host}/{owner}/{repo}` with an optional `/tree/{branch or commit}`, with or without
 * http(s)://, a trailing `.git` or slash, a query or a fragment. A ref in the URL wins over the
 * form's `branch`, which defaults to main. Any host is accepted: it is kept for display only.
 */
export function readRepositoryUrl(input: string, branch?: string): RepositoryUrlReading {
  const invalid = { problem: INVALID_REPOSITORY_URL };
  const text = input.trim().replace(/[?#].*$/, '');
  const match = /^(?:(https?):\/\/)?([^/]+)\/(.+?)\/?$/i.exec(text);
  if (!match || !HOST.test(match[2]!)) return invalid;
  const [owner, rawRepo, tree, ...refParts] = match[3]!.split('/');
  const repo = rawRepo?.replace(/\.git$/i, '');
  if (!isRepositoryName(owner) || !isRepositoryName(repo)) return invalid;
  if (tree !== undefined && (tree !== 'tree' || refParts.length === 0)) return invalid;
  let urlRef: string | undefined;
  if (refParts.length > 0) {
    try {
      urlRef = decodeURIComponent(refParts.join('/'));
    } catch {
      return invalid;
    }
  }
  const formRef = branch?.trim() || undefined;
  const ref = urlRef ?? formRef ?? DEFAULT_REPOSITORY_BRANCH;
  const problem = refProblem(ref);
  if (problem) {
    return { problem: `The branch or commit ${JSON.stringify(ref.slice(0, 80))} ${problem}.` };
  }
  const scheme = (match[1] ?? 'https').toLowerCase();
  return {
    target: {
      owner,
      repo,
      ref,
      mayUseDefaultBranch: urlRef === undefined && ref === DEFAULT_REPOSITORY_BRANCH,
      url: `${scheme}://${match[2]!.toLowerCase()}/${owner}/${repo}`,
    },
  };
}
