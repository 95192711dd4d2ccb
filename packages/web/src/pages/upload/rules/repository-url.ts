import { readRepositoryUrl } from '@repobundle/contract';

// Repository URLs follow the server's rules (readRepositoryUrl in @repobundle/contract), so the
// form accepts exactly what the server will.

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
  const reading = readRepositoryUrl(url);
  if ('problem' in reading) return null;
  const { owner, repo, ref } = reading.target;
  return { owner, repo, branch: ref };
}

/** What is wrong with a URL, as the form shows it, or null when the server would take it. */
export function repositoryUrlProblem(url: string): string | null {
  const reading = readRepositoryUrl(url);
  return 'problem' in reading ? reading.problem : null;
}

/** Starter, Pro and Enterprise (role or subscription plan, any case) may import repositories. */
export function canImportRepositories(user: { role: string; subscription_plan?: string | null }) {
  const paid = ['starter', 'pro', 'enterprise'];
  return (
    paid.includes(user.role.toLowerCase()) ||
    paid.includes((user.subscription_plan ?? '').toLowerCase())
  );
}
