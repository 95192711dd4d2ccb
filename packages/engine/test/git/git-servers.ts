import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, createConnection } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// Real git on loopback for the remote-input tests: repositories made with git commands, served
// by `git daemon` (git://) and by `git http-backend` behind node:http (smart HTTP, the path a
// token takes to an https host). Nothing here reads the machine's git configuration.

export function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: 'gc.auto',
    GIT_CONFIG_VALUE_0: '0',
    GIT_CONFIG_KEY_1: 'maintenance.auto',
    GIT_CONFIG_VALUE_1: 'false',
  };
}

/** A commit: the files it writes (path -> content) and its message. */
export interface CommitSpec {
  readonly files: Readonly<Record<string, string>>;
  readonly message: string;
}

export interface GitFixtures {
  /** Folder the servers serve: `<root>/<owner>/<repo>.git`. */
  readonly root: string;
  readonly base: string;
  git(args: string[], cwd: string): string;
  /** A work tree with these commits on branch main; returns its folder. */
  createWorkTree(commits: readonly CommitSpec[]): string;
  /** A bare served repository with these commits, plus `branches` made from its first commit. */
  createRepository(
    owner: string,
    repo: string,
    commits: readonly CommitSpec[],
    branches?: Readonly<Record<string, CommitSpec>>,
  ): { commits: string[] };
  remove(): void;
}

export function createGitFixtures(): GitFixtures {
  const base = mkdtempSync(join(tmpdir(), 'repobundle-gitfx-'));
  const root = join(base, 'served');
  const home = join(base, 'home');
  mkdirSync(root);
  mkdirSync(home);
  const git = (args: string[], cwd: string) =>
    execFileSync('git', args, { cwd, env: gitEnv(home), encoding: 'utf8' }).trim();
  const commit = (work: string, spec: CommitSpec) => {
    for (const [path, content] of Object.entries(spec.files)) {
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), content);
    }
    git(['add', '-A'], work);
    git(['commit', '-q', '-m', spec.message], work);
    return git(['rev-parse', 'HEAD'], work);
  };
  const createWorkTree = (commits: readonly CommitSpec[]) => {
    const work = mkdtempSync(join(base, 'work-'));
    git(['init', '-q', '--initial-branch=main', '.'], work);
    for (const spec of commits) commit(work, spec);
    return work;
  };
  return {
    root,
    base,
    git,
    createWorkTree,
    createRepository(owner, repo, commits, branches = {}) {
      const work = createWorkTree([]);
      const ids = commits.map((spec) => commit(work, spec));
      for (const [name, spec] of Object.entries(branches)) {
        git(['checkout', '-q', '-b', name, ids[0] as string], work);
        commit(work, spec);
      }
      git(['checkout', '-q', 'main'], work);
      const bare = join(root, owner, `${repo}.git`);
      mkdirSync(dirname(bare), { recursive: true });
      git(['clone', '-q', '--bare', work, bare], base);
      // What GitHub allows too: partial clones and fetching a commit by id.
      git(['config', 'uploadpack.allowFilter', 'true'], bare);
      git(['config', 'uploadpack.allowAnySHA1InWant', 'true'], bare);
      rmSync(work, { recursive: true, force: true });
      return { commits: ids };
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface GitServer {
  /** Base URL: `<base>/<owner>/<repo>.git` clones a served repository. */
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** `git daemon` serving the fixtures' root on a free loopback port. */
export async function startGitDaemon(root: string): Promise<GitServer> {
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
    { stdio: 'ignore', env: { PATH: process.env.PATH, HOME: root } },
  );
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (daemon.exitCode !== null) throw new Error(`git daemon exited with ${daemon.exitCode}`);
    if (Date.now() > deadline) throw new Error('git daemon did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl: `git://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (daemon.exitCode !== null) return resolve();
        daemon.once('exit', () => resolve());
        daemon.kill('SIGTERM');
      }),
  };
}

function runBackend(root: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const backend = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      REMOTE_ADDR: '127.0.0.1',
    },
  });
  req.pipe(backend.stdin);
  let head = Buffer.alloc(0);
  let started = false;
  backend.stdout.on('data', (data: Buffer) => {
    if (started) return void res.write(data);
    head = Buffer.concat([head, data]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    started = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else res.setHeader(name, value);
    }
    res.statusCode = status;
    res.write(head.subarray(end + 4));
  });
  backend.stdout.on('end', () => res.end());
  backend.on('error', () => res.destroy());
}

export interface GitHttpServer extends GitServer {
  /** Every request seen: its URL and Authorization header. */
  readonly requests: { url: string; authorization: string | undefined }[];
}

/**
 * Smart HTTP on loopback. With `expectedAuthorization`, a request without exactly that header
 * gets 401 (what a private repository on an https host answers).
 */
export async function startGitHttpServer(
  root: string,
  expectedAuthorization?: string,
  /** Called on every request, while the client that sent it is running. */
  onRequest?: () => void,
): Promise<GitHttpServer> {
  const requests: GitHttpServer['requests'] = [];
  const server = createHttpServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    onRequest?.();
    if (
      expectedAuthorization !== undefined &&
      req.headers.authorization !== expectedAuthorization
    ) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
      return void res.end('Unauthorized');
    }
    runBackend(root, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
