import { execFile } from 'node:child_process';

// Every git call goes through here: execFile (no shell), a clean environment, a timeout. The
// caller passes `--` before anything positional that came from a person.

export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly timedOut: boolean,
    readonly outputTooLarge: boolean,
  ) {
    super(`git ${args[0] ?? ''} failed${timedOut ? ' (timed out)' : ''}: ${stderr.trim()}`);
    this.name = 'GitCommandError';
  }
}

export interface GitRunOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** stdout is kept in memory up to this; more fails with outputTooLarge. */
  maxOutputBytes?: number;
}

export function runGit(args: readonly string[], options: GitRunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd: options.cwd,
        env: options.env,
        timeout: options.timeoutMs,
        killSignal: 'SIGTERM',
        maxBuffer: options.maxOutputBytes ?? 16 * 1024 * 1024,
        encoding: 'buffer',
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as { code?: unknown }).code;
        reject(
          new GitCommandError(
            args,
            stderr.toString('utf8').slice(0, 4000),
            error.killed === true && code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER',
            code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER',
          ),
        );
      },
    );
  });
}

/** Sending a token in clear text is only acceptable when it never leaves the machine. */
function canCarryToken(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  return url.protocol === 'http:' && loopback.includes(url.hostname);
}

/**
 * The environment of every git call: no system or user configuration (HOME is a fresh folder),
 * no prompts, messages in English for the error mapping, no `ext::` transport. A token travels
 * as an http.extraHeader scoped to the clone URL's origin, given through GIT_CONFIG_* so it is
 * never in a URL, in argv or on disk, and is not sent on a redirect to another host.
 */
export function gitEnvironment(home: string, cloneUrl: string, token: string | null) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ALLOW_PROTOCOL: 'https:http:git:ssh:file',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
    GIT_LITERAL_PATHSPECS: '1',
  };
  // No detached `gc --auto` or maintenance still writing while the checkout is removed.
  const config: Array<[string, string]> = [
    ['gc.auto', '0'],
    ['maintenance.auto', 'false'],
  ];
  let url: URL | null = null;
  try {
    url = new URL(cloneUrl);
  } catch {
    // A path or scp-like template: no HTTP, so nothing to authenticate with a header.
  }
  if (token && url && canCarryToken(url)) {
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    config.push([`http.${url.origin}/.extraHeader`, `Authorization: Basic ${basic}`]);
  }
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}
