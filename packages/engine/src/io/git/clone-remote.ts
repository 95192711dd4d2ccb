import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError } from '../../errors.js';
import { gitEnvironment } from './git-environment.js';
import { isCommitId } from './remote-source.js';
import type { RemoteSource } from './remote-source.js';
import { GitCommandError, runGit } from './run-git.js';

export interface CloneSettings {
  /** A branch, tag or full commit id; the remote's default branch when undefined. */
  readonly ref: string | undefined;
  readonly token: string | undefined;
  /** Time allowed to each git command of the clone. */
  readonly timeoutMs: number;
  /** Commits of history to fetch; undefined fetches all of it (file contents only for the tip). */
  readonly depth: number | undefined;
  readonly signal?: AbortSignal;
  /** Told the temporary folder as soon as it exists, so an interrupt handler can remove it. */
  onFolder?(path: string): void;
}

export interface RemoteCheckout {
  /** The work tree to pack. */
  readonly dir: string;
  readonly commit: string;
}

/**
 * Clones `source` into a temporary folder, runs `use` on the work tree, and removes the folder
 * whatever happens. The clone is shallow and partial (`--filter=blob:none`): only the files of
 * the commit read are fetched, by the checkout; a server without filter support sends them all.
 */
export async function withRemoteCheckout<T>(
  source: RemoteSource,
  settings: CloneSettings,
  use: (checkout: RemoteCheckout) => Promise<T>,
): Promise<T> {
  const root = await mkdtemp(join(tmpdir(), 'repobundle-clone-'));
  settings.onFolder?.(root);
  try {
    const home = join(root, 'home');
    const dir = join(root, 'repo');
    await mkdir(home);
    const env = gitEnvironment(home, source.url, settings.token);
    const commit = await clone(source, dir, env, settings).catch((error: unknown) => {
      throw describeCloneError(error, source, settings);
    });
    return await use({ dir, commit });
  } finally {
    await rm(root, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function clone(
  source: RemoteSource,
  dir: string,
  env: NodeJS.ProcessEnv,
  settings: CloneSettings,
): Promise<string> {
  const run = (args: string[], cwd?: string) =>
    runGit(args, {
      env,
      timeoutMs: settings.timeoutMs,
      ...(cwd !== undefined && { cwd }),
      ...(settings.signal && { signal: settings.signal }),
    });
  const depth = settings.depth === undefined ? [] : [`--depth=${settings.depth}`];
  const ref = settings.ref;
  if (ref !== undefined && isCommitId(ref)) {
    // clone takes names only: a commit is fetched by its id into an empty repository.
    await run(['init', '-q', '--', dir]);
    await run(['remote', 'add', '--', 'origin', source.url], dir);
    await run(['fetch', '-q', ...depth, '--filter=blob:none', '--', 'origin', ref], dir);
    await run(['checkout', '-q', '--detach', 'FETCH_HEAD'], dir);
  } else {
    const branch = ref === undefined ? [] : [`--branch=${ref}`];
    await run([
      'clone',
      '-q',
      ...depth,
      '--filter=blob:none',
      '--no-tags',
      ...branch,
      '--',
      source.url,
      dir,
    ]);
  }
  const head = await run(['rev-parse', '--verify', '-q', 'HEAD^{commit}'], dir).catch(() =>
    Buffer.from(''),
  );
  const commit = head.toString('utf8').trim();
  if (!commit) {
    throw new EngineError('REMOTE_REF_NOT_FOUND', `${source.name} has no commits to pack.`);
  }
  return commit;
}

/** git's words turned into one sentence the person can act on (exit 1). */
export function describeCloneError(
  error: unknown,
  source: RemoteSource,
  settings: Pick<CloneSettings, 'ref' | 'timeoutMs' | 'token'>,
): unknown {
  if (!(error instanceof GitCommandError)) return error;
  const described = describeGitFailure(error, source, settings);
  // `owner/repo` may have been meant as a local path: say that none exists either.
  if (
    source.shorthand &&
    (described.code === 'REMOTE_NOT_FOUND' || described.code === 'REMOTE_FAILED')
  ) {
    return new EngineError(
      described.code,
      `No file or folder ${source.name} here, so it was read as a GitHub repository: ${described.message}`,
    );
  }
  return described;
}

function describeGitFailure(
  error: GitCommandError,
  source: RemoteSource,
  settings: Pick<CloneSettings, 'ref' | 'timeoutMs' | 'token'>,
): EngineError {
  const name = source.name;
  const text = error.stderr;
  if (error.reason === 'aborted') {
    return new EngineError('CANCELLED', `Stopped while cloning ${name}.`);
  }
  if (error.reason === 'timed_out') {
    return new EngineError(
      'REMOTE_TIMEOUT',
      `Cloning ${name} took longer than ${settings.timeoutMs / 1000} seconds; raise REPOBUNDLE_CLONE_TIMEOUT (seconds) or try again.`,
    );
  }
  if (
    /Remote branch .* not found|couldn't find remote ref|not our ref|unadvertised object|reference is not a tree|unknown revision/i.test(
      text,
    )
  ) {
    const hint = settings.ref !== undefined && /^[0-9a-f]{4,39}$/i.test(settings.ref);
    return new EngineError(
      'REMOTE_REF_NOT_FOUND',
      `${name} has no branch, tag or commit "${settings.ref ?? 'HEAD'}"${hint ? ' (give a commit by its full 40-character id)' : ''}.`,
    );
  }
  if (
    /Authentication failed|could not read Username|could not read Password|terminal prompts disabled|HTTP 401|HTTP 403|Permission denied \(publickey/i.test(
      text,
    )
  ) {
    return new EngineError(
      'REMOTE_AUTH_REQUIRED',
      settings.token === undefined
        ? `${name} needs credentials: set GIT_TOKEN (or GITHUB_TOKEN) to a token that can read it.`
        : `The token in GIT_TOKEN or GITHUB_TOKEN cannot read ${name}; check that it has access.`,
    );
  }
  if (
    /not found|does not appear to be a git repository|not exported|HTTP 404|Repository not found|No such repository/i.test(
      text,
    )
  ) {
    return new EngineError(
      'REMOTE_NOT_FOUND',
      `No repository at ${source.url}; check the address (a private one needs GIT_TOKEN).`,
    );
  }
  if (
    /Could not resolve host|Connection refused|unable to access|Could not read from remote/i.test(
      text,
    )
  ) {
    return new EngineError(
      'REMOTE_FAILED',
      `Could not reach ${source.url}; check the address and the network.`,
    );
  }
  const firstLine = text
    .split('\n')
    .map((line) => line.replace(/^(fatal|error): /, '').trim())
    .find((line) => line !== '');
  return new EngineError(
    'REMOTE_FAILED',
    `Cloning ${name} failed${firstLine ? `: ${firstLine}` : ''}.`,
  );
}
