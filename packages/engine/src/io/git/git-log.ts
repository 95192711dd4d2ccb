import type { GitCommit } from '../../core/types.js';

/** Runs git with these arguments in the repository read and resolves with its stdout. */
export type GitReader = (args: readonly string[]) => Promise<Buffer>;

const RECORD = '\x1e';
const FIELD = '\x1f';

/**
 * The last `count` commits of `rev` that touched the folder git runs in, each with the files it
 * changed (relative to that folder). `rev` is HEAD for a work tree; a clone fetched by commit id
 * has no HEAD and names the commit.
 */
export async function readLog(
  git: GitReader,
  count: number,
  withMessages = true,
  rev = 'HEAD',
): Promise<GitCommit[]> {
  if (count === 0) return [];
  const format = withMessages
    ? `${RECORD}%H${FIELD}%aI${FIELD}%an${FIELD}%B${FIELD}`
    : `${RECORD}%H${FIELD}${FIELD}${FIELD}${FIELD}`;
  // No rename detection: it would read file contents, which a partial clone fetches one by one.
  // Paths as they are (not octal-quoted), whatever the caller's configuration says.
  const out = await git([
    '-c',
    'core.quotepath=off',
    'log',
    `-n${count}`,
    '--no-renames',
    '--no-color',
    '--name-only',
    '--relative',
    `--format=${format}`,
    '--end-of-options',
    rev,
    '--',
    '.',
  ]);
  return parseLog(out.toString('utf8'));
}

/** Parses `git log --name-only` with the record and field separators of readLog. */
export function parseLog(text: string): GitCommit[] {
  const commits: GitCommit[] = [];
  for (const record of text.split(RECORD)) {
    if (record.trim() === '') continue;
    const [hash = '', date = '', author = '', message = '', files = ''] = record.split(FIELD);
    commits.push({
      hash,
      date,
      author,
      message: message.trim(),
      files: files
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    });
  }
  return commits;
}
