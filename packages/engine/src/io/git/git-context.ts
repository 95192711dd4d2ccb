import { stat } from 'node:fs/promises';
import type { GitCommit, GitContext } from '../../core/types.js';
import { readChangeCounts } from './change-counts.js';
import { readLog } from './git-log.js';
import { GitCommandError, runGit } from './run-git.js';

/** What the person asked for with --include-diffs, --include-logs [N] and --sort-by-changes. */
export interface GitContextRequest {
  readonly includeDiffs: boolean;
  /** Commits to list; undefined lists none. */
  readonly includeLogs: number | undefined;
  readonly sortByChanges: boolean;
}

export interface GitContextResult {
  /** The diffs and the log, when asked for and the input is a git work tree. */
  readonly context: GitContext | undefined;
  /** How many of the last commits changed each file (paths relative to the folder packed). */
  readonly changeCounts: ReadonlyMap<string, number> | undefined;
  /** Why something asked for is missing, in a sentence. */
  readonly notes: readonly string[];
}

/** A diff larger than this is left out with a note rather than held in memory and rendered. */
const MAX_DIFF_BYTES = 16 * 1024 * 1024;
const MAX_LOG_BYTES = 64 * 1024 * 1024;
const GIT_TIMEOUT_MS = 120_000;

export function wantsGitContext(request: GitContextRequest | undefined): boolean {
  return (
    request !== undefined &&
    (request.includeDiffs || request.includeLogs !== undefined || request.sortByChanges)
  );
}

/** Flags of what was asked, for the note when the input is not a git work tree. */
function askedFlags(request: GitContextRequest): string {
  const flags = [
    request.includeDiffs && '--include-diffs',
    request.includeLogs !== undefined && '--include-logs',
    request.sortByChanges && '--sort-by-changes',
  ].filter((flag): flag is string => typeof flag === 'string');
  return flags.join(', ');
}

/**
 * Reads the git context of the folder `dir`. Paths and diffs are relative to `dir` and limited
 * to it, so packing a sub-folder of a repository shows that folder's history only.
 */
export async function readGitContext(
  dir: string,
  request: GitContextRequest,
  signal?: AbortSignal,
): Promise<GitContextResult> {
  const git = (args: readonly string[], maxOutputBytes = MAX_LOG_BYTES) =>
    // A repository's own configuration could name a program for git to run while reading
    // (core.fsmonitor); reading context must not run one.
    runGit(['-c', 'core.quotepath=off', '-c', 'core.fsmonitor=false', ...args], {
      cwd: dir,
      env: localGitEnvironment(),
      timeoutMs: GIT_TIMEOUT_MS,
      maxOutputBytes,
      ...(signal && { signal }),
    });
  const isDirectory = (await stat(dir).catch(() => undefined))?.isDirectory() === true;
  const inside = isDirectory
    ? await git(['rev-parse', '--is-inside-work-tree']).then(
        (out) => out.toString('utf8').trim() === 'true',
        () => false,
      )
    : false;
  if (!inside) {
    return {
      context: undefined,
      changeCounts: undefined,
      notes: [`${askedFlags(request)} left out: the input is not a git work tree.`],
    };
  }
  const notes: string[] = [];
  const hasHead = await git(['rev-parse', '--verify', '-q', 'HEAD']).then(
    () => true,
    () => false,
  );
  let diffs: GitContext['diffs'];
  if (request.includeDiffs) {
    const diff = async (staged: boolean) => {
      const args = ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--relative'];
      return (await git(staged ? [...args, '--cached'] : args, MAX_DIFF_BYTES)).toString('utf8');
    };
    try {
      diffs = { staged: await diff(true), workingTree: await diff(false) };
    } catch (error) {
      if (!(error instanceof GitCommandError) || error.reason !== 'output_too_large') throw error;
      notes.push(
        `--include-diffs left out: the changes are larger than ${MAX_DIFF_BYTES / 1024 / 1024} MiB.`,
      );
    }
  }
  let logs: readonly GitCommit[] | undefined;
  if (request.includeLogs !== undefined) {
    logs = hasHead ? await readLog(git, request.includeLogs) : [];
  }
  let changeCounts: Map<string, number> | undefined;
  if (request.sortByChanges) {
    changeCounts = hasHead ? await readChangeCounts(git) : new Map<string, number>();
  }
  const context =
    diffs !== undefined || logs !== undefined
      ? { ...(diffs && { diffs }), ...(logs && { logs }) }
      : undefined;
  return { context, changeCounts, notes };
}

/**
 * The person's git environment, minus what would point git elsewhere than the folder packed,
 * and without optional lock files: reading must not change the repository.
 */
function localGitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_EXTERNAL_DIFF']) {
    delete env[name];
  }
  return env;
}
