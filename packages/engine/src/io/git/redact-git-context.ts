import type { ResolvedOptions } from '../../config/options.js';
import { redactSecrets } from '../../core/transform/secrets/index.js';
import type { GitContext } from '../../core/types.js';

/**
 * With --redact-secrets, diffs and commit messages are redacted like file contents: a diff
 * shows the very lines where a credential was added or removed.
 */
export function redactGitContext(git: GitContext, options: ResolvedOptions): GitContext {
  if (!options.redactSecrets) return git;
  const redact = (text: string) =>
    redactSecrets(text, { customPatterns: options.customSecretPatterns ?? [] }).text;
  return {
    ...(git.diffs && {
      diffs: { staged: redact(git.diffs.staged), workingTree: redact(git.diffs.workingTree) },
    }),
    ...(git.logs && {
      logs: git.logs.map((commit) => ({ ...commit, message: redact(commit.message) })),
    }),
  };
}
