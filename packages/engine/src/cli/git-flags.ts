import type { GitContextRequest } from '../io/git/git-context.js';
import { isValidRef } from '../io/git/remote-source.js';

/** Thrown as the CLI's usage error (exit 2) by the caller's factory. */
type UsageErrorFactory = (message: string) => Error;

/** Commits --include-logs lists when no number follows it. */
export const DEFAULT_LOG_COMMITS = 50;
const MAX_LOG_COMMITS = 10_000;

/** Flags for remote repositories and git context, in node:util parseArgs' shape. */
export const GIT_FLAGS = {
  ref: { type: 'string' },
  'include-diffs': { type: 'boolean' },
  'include-logs': { type: 'string' },
  'sort-by-changes': { type: 'boolean' },
} as const;

export interface GitFlagValues {
  readonly ref?: string;
  readonly 'include-diffs'?: boolean;
  readonly 'include-logs'?: string;
  readonly 'sort-by-changes'?: boolean;
}

export interface GitFlags {
  readonly ref: string | undefined;
  /** Undefined when no git context was asked for. */
  readonly git: GitContextRequest | undefined;
}

export function parseGitFlags(values: GitFlagValues, usageError: UsageErrorFactory): GitFlags {
  const ref = values.ref;
  if (ref !== undefined && !isValidRef(ref)) {
    throw usageError(
      `--ref must name a branch, tag or commit (no spaces, no leading "-"); got "${ref}".`,
    );
  }
  const logs = values['include-logs'];
  if (logs !== undefined && !/^\d+$/.test(logs)) {
    throw usageError(`--include-logs takes a number of commits, got "${logs}".`);
  }
  const count = logs === undefined ? undefined : Number(logs);
  if (count !== undefined && (count < 1 || count > MAX_LOG_COMMITS)) {
    throw usageError(`--include-logs takes 1 to ${MAX_LOG_COMMITS} commits; got ${count}.`);
  }
  const includeDiffs = values['include-diffs'] ?? false;
  const sortByChanges = values['sort-by-changes'] ?? false;
  const asked = includeDiffs || count !== undefined || sortByChanges;
  return {
    ref,
    git: asked ? { includeDiffs, includeLogs: count, sortByChanges } : undefined,
  };
}
