// Repository URLs: {host}/{owner}/{repo}, optionally /tree/{ref}.

export const INVALID_REPOSITORY_URL = 'Please enter a valid GitHub repository URL';

const PATTERN =
  /^(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?(?:\/tree\/([^\s?#]+?))?\/?$/;

export interface RepositoryRef {
  owner: string;
  repo: string;
  branch: string;
}

/** The repository an explorer archive came from: its job is created from it, not uploaded. */
export interface RepositorySource extends RepositoryRef {
  /** The URL as the person gave it, which the server parses again. */
  githubUrl: string;
  /** Files most often changed in the repository's recent history go last (sort_by_changes). */
  sortByChanges: boolean;
}

export function parseRepositoryUrl(url: string): RepositoryRef | null {
  const match = PATTERN.exec(url.trim());
  if (!match) return null;
  return { owner: match[1]!, repo: match[2]!, branch: match[3] ?? 'main' };
}

/** Starter, Pro and Enterprise (role or subscription plan, any case) may import repositories. */
export function canImportRepositories(user: { role: string; subscription_plan?: string | null }) {
  const paid = ['starter', 'pro', 'enterprise'];
  return (
    paid.includes(user.role.toLowerCase()) ||
    paid.includes((user.subscription_plan ?? '').toLowerCase())
  );
}
