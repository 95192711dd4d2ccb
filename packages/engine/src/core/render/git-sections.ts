import type { GitCommit, GitContext } from '../types.js';

/**
 * The log as plain text, newest first: a head line per commit (id, date, author), its message
 * indented by four spaces, then the files it changed indented by two.
 */
export function formatGitLog(commits: readonly GitCommit[]): string {
  return commits
    .map((commit) => {
      const message = commit.message
        .split('\n')
        .map((line) => (line === '' ? '' : `    ${line}`))
        .join('\n');
      const files = commit.files.map((file) => `  ${file}`).join('\n');
      return [`commit ${commit.hash}`, `Date: ${commit.date}`, `Author: ${commit.author}`, '']
        .concat(message === '' ? [] : [message, ''])
        .concat(files === '' ? [] : [files])
        .join('\n')
        .trimEnd();
    })
    .join('\n\n');
}

/** The diffs as one text: the staged changes, then the working tree's, each under a header. */
export function formatGitDiffs(diffs: NonNullable<GitContext['diffs']>): string {
  const part = (title: string, text: string) =>
    `# ${title}\n${text === '' ? '(none)\n' : text.endsWith('\n') ? text : `${text}\n`}`;
  return `${part('Staged changes', diffs.staged)}\n${part('Working tree changes', diffs.workingTree)}`.trimEnd();
}

/** The text a model reads for the git context: what its token count measures. */
export function gitContextText(git: GitContext): string {
  return [
    ...(git.diffs ? [formatGitDiffs(git.diffs)] : []),
    ...(git.logs ? [formatGitLog(git.logs)] : []),
  ].join('\n\n');
}
