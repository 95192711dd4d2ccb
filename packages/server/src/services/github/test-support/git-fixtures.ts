import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../../../test/test-support/server-process.js';

// Real git on loopback for the repository tests: bare repositories made with git commands, and
// `git daemon` serving them. Nothing here reads the machine's git configuration.

const gitEnv = (home: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: home,
  LC_ALL: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  // No detached `gc --auto` still writing while the work folder is removed.
  GIT_CONFIG_COUNT: '2',
  GIT_CONFIG_KEY_0: 'gc.auto',
  GIT_CONFIG_VALUE_0: '0',
  GIT_CONFIG_KEY_1: 'maintenance.auto',
  GIT_CONFIG_VALUE_1: 'false',
});

export interface RepositoryContent {
  /** path -> content; a `{ link }` value is a symbolic link to that target. */
  files: Record<string, string | Uint8Array | { link: string }>;
  /** Later commits on the first branch, each writing these files (path -> content). */
  history?: Record<string, string>[];
  /** Branches made from the first commit, each adding its own files. */
  branches?: Record<string, Record<string, string>>;
  /** Name of the first branch (default main). */
  defaultBranch?: string;
}

export interface GitFixtures {
  /** Folder served by the daemon: `<root>/<owner>/<repo>.git`. */
  root: string;
  /** Creates a bare repository and returns the first commit's id. */
  createRepository(owner: string, repo: string, content: RepositoryContent): string;
  git(args: string[], cwd: string): string;
  remove(): void;
}

export function createGitFixtures(): GitFixtures {
  const base = mkdtempSync(join(tmpdir(), 'repobundle-git-'));
  const root = join(base, 'served');
  const home = join(base, 'home');
  mkdirSync(root);
  mkdirSync(home);
  const git = (args: string[], cwd: string) =>
    execFileSync('git', args, { cwd, env: gitEnv(home), encoding: 'utf8' }).trim();

  function write(work: string, files: RepositoryContent['files']) {
    for (const [path, content] of Object.entries(files)) {
      const target = join(work, path);
      mkdirSync(dirname(target), { recursive: true });
      if (typeof content === 'object' && 'link' in content) symlinkSync(content.link, target);
      else writeFileSync(target, content);
    }
  }

  return {
    root,
    git,
    createRepository(owner, repo, content) {
      const work = mkdtempSync(join(base, 'work-'));
      const branch = content.defaultBranch ?? 'main';
      git(['init', '-q', `--initial-branch=${branch}`, '.'], work);
      write(work, content.files);
      git(['add', '-A'], work);
      git(['commit', '-q', '-m', 'first'], work);
      const first = git(['rev-parse', 'HEAD'], work);
      for (const [index, files] of (content.history ?? []).entries()) {
        write(work, files);
        git(['add', '-A'], work);
        git(['commit', '-q', '-m', `change ${index + 1}`], work);
      }
      for (const [name, files] of Object.entries(content.branches ?? {})) {
        git(['checkout', '-q', '-b', name, first], work);
        write(work, files);
        git(['add', '-A'], work);
        git(['commit', '-q', '-m', `on ${name}`], work);
      }
      git(['checkout', '-q', branch], work);
      const bare = join(root, owner, `${repo}.git`);
      mkdirSync(dirname(bare), { recursive: true });
      git(['clone', '-q', '--bare', work, bare], base);
      // What GitHub allows too: partial clones and fetching a commit by id.
      git(['config', 'uploadpack.allowFilter', 'true'], bare);
      git(['config', 'uploadpack.allowAnySHA1InWant', 'true'], bare);
      rmSync(work, { recursive: true, force: true });
      return first;
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface GitDaemon {
  port: number;
  /** A GIT_CLONE_URL template pointing at the daemon. */
  cloneUrl: string;
  stop(): Promise<void>;
}

/** `git daemon` serving the fixtures' root on a free loopback port. */
export async function startGitDaemon(root: string): Promise<GitDaemon> {
  const port = await freePort();
  const daemon: ChildProcess = spawn(
    'git',
    [
      'daemon',
      '--export-all',
      `--base-path=${root}`,
      '--listen=127.0.0.1',
      `--port=${port}`,
      '--reuseaddr',
      '--enable=upload-pack',
      root,
    ],
    { env: gitEnv(root), stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (daemon.exitCode !== null) throw new Error(`git daemon exited with ${daemon.exitCode}`);
    if (Date.now() > deadline) throw new Error('git daemon did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    cloneUrl: `git://127.0.0.1:${port}/{owner}/{repo}.git`,
    stop: () =>
      new Promise((resolve) => {
        if (daemon.exitCode !== null) return resolve();
        daemon.once('exit', () => resolve());
        daemon.kill('SIGTERM');
      }),
  };
}
