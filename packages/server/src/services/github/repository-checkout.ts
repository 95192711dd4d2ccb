import type { RepositoryTarget } from '@repobundle/contract';
import { CHANGE_HISTORY_COMMITS } from '@repobundle/engine';
import { checkoutLimiter } from './checkout-limiter.js';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { GitCommandError, gitEnvironment, runGit } from '../../adapters/git/git-command.js';
import { buildCloneUrl, isCommitId } from './repository-url.js';

/** Time allowed to each git command (a partial clone's reads fetch from the host too). */
const GIT_TIMEOUT_MS = 120_000;
/** Leftovers of a process that died mid-request are removed after this. */
const STALE_CHECKOUT_MS = 3_600_000;

/**
 * `files`: the commit's blobs come with the clone (listing sizes and archives read them all;
 * fetched lazily they would cost one round trip each). `tree`: a partial clone without blobs,
 * for reading a single file, which git then fetches alone. `history`: as `files`, plus the
 * CHANGE_HISTORY_COMMITS commits before the commit with their trees but without their blobs:
 * what ranking files by how often they changed reads, at the cost of trees only.
 */
export type CheckoutMode = 'files' | 'tree' | 'history';

export interface Checkout {
  dir: string;
  /** What later commands name: HEAD after a clone, the id after a fetch by id. */
  rev: string;
  /** The branch or tag read (the default branch's real name when it stood in for main). */
  branch: string;
  commit: string;
  /** Runs git in the checkout, in the environment of the clone plus `extraEnv`. */
  git(
    args: readonly string[],
    maxOutputBytes?: number,
    extraEnv?: Record<string, string>,
  ): Promise<Buffer>;
}

export interface CheckoutSettings {
  dataDir: string;
  cloneUrlTemplate: string;
  logger: FastifyBaseLogger;
}

/** Turns a failed fetch into what the person can act on; the host's words stay in the log. */
export function fetchError(error: unknown, target: RepositoryTarget): unknown {
  if (!(error instanceof GitCommandError)) return error;
  const name = `${target.owner}/${target.repo}`;
  const text = error.stderr;
  if (error.timedOut) {
    return new AppError(
      504,
      'REPOSITORY_UNAVAILABLE',
      `Fetching ${name} took longer than ${GIT_TIMEOUT_MS / 1000} seconds. Please try again, or upload a ZIP of the repository.`,
    );
  }
  if (
    /Remote branch .* not found|couldn't find remote ref|not our ref|unadvertised object/i.test(
      text,
    )
  ) {
    return new AppError(
      404,
      'REPOSITORY_NOT_FOUND',
      `The branch or commit "${target.ref}" was not found in ${name}.`,
    );
  }
  if (
    /not found|does not appear to be a git repository|access denied|not exported|Authentication failed|could not read Username|terminal prompts disabled|HTTP 40[134]/i.test(
      text,
    )
  ) {
    return new AppError(
      404,
      'REPOSITORY_NOT_FOUND',
      `Repository ${name} was not found, or your connected GitHub account cannot access it.`,
    );
  }
  return new AppError(
    502,
    'REPOSITORY_UNAVAILABLE',
    `The git host could not deliver ${name}. Please try again later.`,
  );
}

async function removeStale(base: string, now: number): Promise<void> {
  const names = await readdir(base).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(base, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_CHECKOUT_MS) {
      await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

async function cloneInto(
  repoDir: string,
  url: string,
  target: RepositoryTarget,
  mode: CheckoutMode,
  env: NodeJS.ProcessEnv,
): Promise<{ rev: string; branch: string | null }> {
  const fetch = { env, timeoutMs: GIT_TIMEOUT_MS };
  const filter = mode === 'tree' ? ['--filter=blob:none'] : [];
  if (isCommitId(target.ref)) {
    // clone takes names only; a commit is fetched by id into an empty repository.
    await runGit(['init', '-q', '--', repoDir], fetch);
    await runGit(['remote', 'add', '--', 'origin', url], { ...fetch, cwd: repoDir });
    await runGit(['fetch', '-q', '--depth=1', ...filter, '--', 'origin', target.ref], {
      ...fetch,
      cwd: repoDir,
    });
    return { rev: target.ref.toLowerCase(), branch: target.ref };
  }
  const clone = (branch: string[]) =>
    runGit(
      ['clone', '-q', '--depth=1', '--no-checkout', ...filter, ...branch, '--', url, repoDir],
      fetch,
    );
  try {
    await clone([`--branch=${target.ref}`]);
    return { rev: 'HEAD', branch: target.ref };
  } catch (error) {
    const missing =
      error instanceof GitCommandError && /Remote branch .* not found/i.test(error.stderr);
    if (!missing || !target.mayUseDefaultBranch) throw error;
    await rm(repoDir, { recursive: true, force: true });
    await clone([]);
    return { rev: 'HEAD', branch: null };
  }
}

/**
 * Clones the target into a fresh folder under DATA_DIR, runs `use` on it and removes the folder,
 * whatever happens. Only GIT_CLONE_URL with {owner}/{repo} filled in is ever fetched. A few at a
 * time per process (checkoutLimiter).
 */
export async function withCheckout<T>(
  settings: CheckoutSettings,
  target: RepositoryTarget,
  token: string | null,
  mode: CheckoutMode,
  use: (checkout: Checkout) => Promise<T>,
): Promise<T> {
  return checkoutLimiter.run(() => checkout(settings, target, token, mode, use));
}

async function checkout<T>(
  settings: CheckoutSettings,
  target: RepositoryTarget,
  token: string | null,
  mode: CheckoutMode,
  use: (checkout: Checkout) => Promise<T>,
): Promise<T> {
  const base = join(settings.dataDir, 'tmp', 'git');
  await mkdir(base, { recursive: true });
  await removeStale(base, Date.now());
  const root = await mkdtemp(join(base, 'checkout-'));
  try {
    const home = join(root, 'home');
    const repoDir = join(root, 'repo');
    await mkdir(home);
    const url = buildCloneUrl(settings.cloneUrlTemplate, target.owner, target.repo);
    const env = gitEnvironment(home, url, token);
    const cloned = await cloneInto(repoDir, url, target, mode, env).catch((error: unknown) => {
      if (error instanceof GitCommandError) {
        settings.logger.warn(
          { stderr: error.stderr, timedOut: error.timedOut },
          'git fetch failed',
        );
      }
      throw fetchError(error, target);
    });
    const git: Checkout['git'] = (args, maxOutputBytes, extraEnv) =>
      runGit(args, {
        cwd: repoDir,
        env: { ...env, ...extraEnv },
        timeoutMs: GIT_TIMEOUT_MS,
        maxOutputBytes,
      });
    // Empty: an empty repository, or an id that names a tree or a blob rather than a commit.
    const commit = (
      await git([
        'rev-parse',
        '--verify',
        '-q',
        '--end-of-options',
        `${cloned.rev}^{commit}`,
      ]).catch(() => Buffer.from(''))
    )
      .toString('utf8')
      .trim();
    if (!commit) {
      throw new AppError(
        404,
        'REPOSITORY_NOT_FOUND',
        `${target.owner}/${target.repo} has no commit at "${target.ref}".`,
      );
    }
    if (mode === 'history') {
      // The commit is fetched by id: a clone of a tag or a commit has no branch to deepen.
      // Deepening a full clone with a filter makes it partial: older blobs stay on the host.
      await git([
        'fetch',
        '-q',
        `--deepen=${CHANGE_HISTORY_COMMITS}`,
        '--filter=blob:none',
        '--',
        'origin',
        commit,
      ]).catch((error: unknown) => {
        if (error instanceof GitCommandError) {
          settings.logger.warn(
            { stderr: error.stderr, timedOut: error.timedOut },
            'git fetch of the history failed',
          );
        }
        throw fetchError(error, target);
      });
    }
    const branch =
      cloned.branch ??
      ((await git(['symbolic-ref', '--short', '-q', 'HEAD']).catch(() => Buffer.from('')))
        .toString('utf8')
        .trim() ||
        target.ref);
    return await use({ dir: repoDir, rev: cloned.rev, branch, commit, git });
  } finally {
    await rm(root, { recursive: true, force: true, maxRetries: 3 }).catch((error: unknown) => {
      // The next checkout removes it once it is an hour old.
      settings.logger.warn({ err: error }, 'git checkout folder not removed');
    });
  }
}
