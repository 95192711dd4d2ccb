import { execFile } from 'node:child_process';
import { EngineError } from '../../errors.js';

/** A git command that exited non-zero, ran out of time, was stopped, or printed too much. */
export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly reason: 'failed' | 'timed_out' | 'aborted' | 'output_too_large',
  ) {
    super(`git ${args[0] ?? ''} ${reason}: ${stderr.trim()}`);
    this.name = 'GitCommandError';
  }
}

export interface GitRunOptions {
  readonly cwd?: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** stdout is kept in memory up to this many bytes; more fails with `output_too_large`. */
  readonly maxOutputBytes?: number;
}

/**
 * Runs the system git without a shell. Callers put `--` (or `--end-of-options`) before anything
 * a person typed, so no user text is read as an option.
 */
export function runGit(args: readonly string[], options: GitRunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd: options.cwd,
        env: options.env,
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: options.maxOutputBytes ?? 16 * 1024 * 1024,
        encoding: 'buffer',
        windowsHide: true,
        ...(options.signal && { signal: options.signal }),
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as { code?: unknown }).code;
        if (code === 'ENOENT') {
          return reject(
            new EngineError(
              'GIT_UNAVAILABLE',
              'git is not installed (or not on PATH); install git to read repositories.',
            ),
          );
        }
        const text = stderr.toString('utf8').slice(0, 4000);
        const reason =
          options.signal?.aborted === true
            ? 'aborted'
            : code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
              ? 'output_too_large'
              : error.killed === true
                ? 'timed_out'
                : 'failed';
        reject(new GitCommandError(args, text, reason));
      },
    );
  });
}
