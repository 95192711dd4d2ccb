import { rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { EngineError } from '../errors.js';
import { withRemoteCheckout } from '../io/git/clone-remote.js';
import type { GitContextRequest } from '../io/git/git-context.js';
import { CHANGE_HISTORY_COMMITS } from '../io/git/change-counts.js';
import { tokenFromEnvironment } from '../io/git/git-environment.js';
import { parseRemoteSource } from '../io/git/remote-source.js';

/** Time allowed to each git command of a clone unless REPOBUNDLE_CLONE_TIMEOUT says otherwise. */
const DEFAULT_CLONE_TIMEOUT_SECONDS = 300;
/** After Ctrl-C, how long the work gets to stop before the clone is removed and the CLI exits. */
const STOP_GRACE_MS = 3000;

export interface PackInput {
  /** The folder or archive to pack. */
  readonly path: string;
  /** The overview's name for a remote repository (`owner/repo`). */
  readonly sourceName?: string;
  /** Aborted on SIGINT or SIGTERM while a remote repository is read. */
  readonly signal?: AbortSignal;
}

export interface PackInputRequest {
  readonly source: string;
  readonly ref: string | undefined;
  readonly git: GitContextRequest | undefined;
}

/**
 * For a long-running caller (the MCP server) that stops work itself: its signal stops a clone,
 * and it is told each clone's folder so it can remove it when the process ends. Without this,
 * the CLI's own SIGINT and SIGTERM handling applies.
 */
export interface PackInputControl {
  readonly signal: AbortSignal | undefined;
  onFolder(path: string): void;
}

/**
 * Runs `use` on what the person named: a local folder or archive as it is (a path that exists
 * always wins over the `owner/repo` shorthand), or a remote repository cloned into a temporary
 * folder that is removed afterwards, on Ctrl-C and SIGTERM too (or as `control` says).
 */
export async function withPackInput<T>(
  request: PackInputRequest,
  env: NodeJS.ProcessEnv,
  usageError: (message: string) => Error,
  use: (input: PackInput) => Promise<T>,
  control?: PackInputControl,
): Promise<T> {
  const local = await stat(request.source).then(
    () => true,
    () => false,
  );
  const remote = local ? undefined : parseRemoteSource(request.source);
  if (!remote) {
    if (request.ref !== undefined) {
      throw usageError(
        `--ref applies to a git URL or owner/repo; ${request.source} is read as a local path.`,
      );
    }
    return use({ path: request.source });
  }
  const timeoutMs = cloneTimeoutSeconds(env, usageError) * 1000;
  const settings = {
    ref: request.ref ?? remote.ref,
    token: tokenFromEnvironment(env),
    timeoutMs,
    depth: cloneDepth(request.git),
  };
  if (control) {
    const signal = control.signal;
    return withRemoteCheckout(
      remote,
      { ...settings, ...(signal && { signal }), onFolder: (path) => control.onFolder(path) },
      (checkout) => use({ path: checkout.dir, sourceName: remote.name, ...(signal && { signal }) }),
    );
  }
  const interrupt = new InterruptGuard();
  try {
    return await withRemoteCheckout(
      remote,
      {
        ...settings,
        signal: interrupt.signal,
        onFolder: (path) => interrupt.removeOnExit(path),
      },
      (checkout) => use({ path: checkout.dir, sourceName: remote.name, signal: interrupt.signal }),
    );
  } catch (error) {
    throw interrupt.stoppedBy ? interrupt.stoppedError() : error;
  } finally {
    interrupt.release();
  }
}

/**
 * History a clone needs: one commit to pack; one more than the commits listed, so the oldest
 * listed still shows what it changed; the ranking's history for --sort-by-changes.
 */
export function cloneDepth(git: GitContextRequest | undefined): number {
  let depth = 1;
  if (git?.includeLogs !== undefined) depth = Math.max(depth, git.includeLogs + 1);
  if (git?.sortByChanges) depth = Math.max(depth, CHANGE_HISTORY_COMMITS + 1);
  return depth;
}

function cloneTimeoutSeconds(
  env: NodeJS.ProcessEnv,
  usageError: (message: string) => Error,
): number {
  const text = env.REPOBUNDLE_CLONE_TIMEOUT;
  if (text === undefined || text === '') return DEFAULT_CLONE_TIMEOUT_SECONDS;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw usageError(`REPOBUNDLE_CLONE_TIMEOUT must be whole seconds (1 or more); got "${text}".`);
  }
  return Number(text);
}

/**
 * Turns SIGINT and SIGTERM into an abort while a clone exists, and makes sure the clone's folder
 * is gone when the process ends: the work is stopped, and if it has not stopped after a short
 * grace (or on a second signal) the folder is removed and the process exits.
 */
class InterruptGuard {
  private readonly controller = new AbortController();
  private folder: string | undefined;
  stoppedBy: NodeJS.Signals | undefined;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (this.stoppedBy) this.exitNow(code);
    this.stoppedBy = signal;
    this.controller.abort();
    setTimeout(() => this.exitNow(code), STOP_GRACE_MS).unref();
  };

  constructor() {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  removeOnExit(folder: string): void {
    this.folder = folder;
  }

  stoppedError(): EngineError {
    return new EngineError(
      'CANCELLED',
      `Stopped by ${this.stoppedBy ?? 'a signal'}; the temporary clone was removed.`,
    );
  }

  private exitNow(code: number): void {
    if (this.folder) rmSync(this.folder, { recursive: true, force: true, maxRetries: 3 });
    process.stderr.write(`repobundle: ${this.stoppedError().message}\n`);
    process.exit(code);
  }

  release(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }
}
