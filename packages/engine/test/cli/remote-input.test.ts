import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitFixtures, startGitDaemon, startGitHttpServer } from '../git/git-servers.js';
import type { GitFixtures, GitHttpServer, GitServer } from '../git/git-servers.js';
import { CLI, assertBuilt, runCli } from './built-cli.js';

// The built CLI against real git servers on loopback: `git daemon` (git://) and `git
// http-backend` behind node:http answering 401 without the expected Authorization header.

const TOKEN = 'tok-3f9a1c';
const AUTHORIZATION = `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;

let fixtures: GitFixtures;
let daemon: GitServer;
let open: GitHttpServer;
let privateHttp: GitHttpServer;
let commits: string[];
/** The CLI's TMPDIR: empty again after every run, or a clone was left behind. */
let scratch: string;
let out: string;
/** Every process's argv seen while the private server answered a request. */
const commandLines: string[] = [];

function readCommandLines(): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        return '';
      }
    });
}

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { TMPDIR: scratch, GIT_TOKEN: '', GITHUB_TOKEN: '', ...extra };
}

interface Summary {
  source: string;
  files: number;
  notes: string[];
}

function filesOf(dir: string): string[] {
  const overview = JSON.parse(readFileSync(join(dir, 'overview.json'), 'utf8')) as {
    files: { path: string }[];
  };
  return overview.files.map((file) => file.path);
}

beforeAll(async () => {
  assertBuilt();
  fixtures = createGitFixtures();
  ({ commits } = fixtures.createRepository(
    'acme',
    'tool',
    [
      { message: 'first', files: { 'README.md': '# tool\n', 'src/a.ts': 'export const a = 1;\n' } },
      { message: 'second', files: { 'src/b.ts': 'export const b = 2;\n' } },
      { message: 'third', files: { 'src/b.ts': 'export const b = 3;\n' } },
    ],
    { feature: { message: 'on feature', files: { 'src/feature.ts': 'export const f = 1;\n' } } },
  ));
  fixtures.git(['tag', 'v1', commits[0] as string], join(fixtures.root, 'acme', 'tool.git'));
  daemon = await startGitDaemon(fixtures.root);
  open = await startGitHttpServer(fixtures.root);
  privateHttp = await startGitHttpServer(fixtures.root, AUTHORIZATION, () => {
    commandLines.push(...readCommandLines());
  });
});

afterAll(async () => {
  await Promise.all([daemon?.stop(), open?.stop(), privateHttp?.stop()]);
  fixtures?.remove();
});

beforeEach(() => {
  scratch = mkdtempSync(join(fixtures.base, 'tmp-'));
  out = join(mkdtempSync(join(fixtures.base, 'out-')), 'bundle');
});

describe('repobundle pack <git-url>', () => {
  it('clones over git:// into a temporary folder, packs it and removes the folder', async () => {
    const url = `${daemon.baseUrl}/acme/tool.git`;
    const run = await runCli(['pack', url, '-o', out, '--output-format', 'json', '--json'], env());
    expect(run.stderr).not.toMatch(/^repobundle:/m);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Summary).files).toBe(3);
    expect(filesOf(out)).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
    const overview = JSON.parse(readFileSync(join(out, 'overview.json'), 'utf8')) as {
      source: { name: string };
    };
    expect(overview.source.name).toBe('acme/tool');
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('reads a branch, a tag and a full commit id with --ref', async () => {
    const url = `${daemon.baseUrl}/acme/tool.git`;
    const branch = await runCli(
      ['pack', url, '--ref', 'feature', '-o', out, '--output-format', 'json'],
      env(),
    );
    expect(branch.code).toBe(0);
    expect(filesOf(out)).toEqual(['README.md', 'src/a.ts', 'src/feature.ts']);

    const tag = await runCli(
      ['pack', url, '--ref', 'v1', '-o', `${out}-tag`, '--output-format', 'json'],
      env(),
    );
    expect(tag.code).toBe(0);
    expect(filesOf(`${out}-tag`)).toEqual(['README.md', 'src/a.ts']);

    const commit = await runCli(
      ['pack', url, '--ref', commits[1] as string, '-o', `${out}-id`, '--output-format', 'json'],
      env(),
    );
    expect(commit.stderr).not.toMatch(/^repobundle:/m);
    expect(filesOf(`${out}-id`)).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
    expect(readFileSync(join(`${out}-id`, 'chunks', 'chunk-0001.json'), 'utf8')).toContain(
      'export const b = 2;',
    );
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('reads the ref of a /tree/<ref> web address over smart HTTP', async () => {
    const run = await runCli(
      ['pack', `${open.baseUrl}/acme/tool/tree/feature`, '-o', out, '--output-format', 'json'],
      env(),
    );
    expect(run.stderr).not.toMatch(/^repobundle:/m);
    expect(filesOf(out)).toContain('src/feature.ts');
  });

  it('fails with exit 1 and one sentence for a ref that does not exist', async () => {
    const run = await runCli(
      ['pack', `${daemon.baseUrl}/acme/tool.git`, '--ref', 'nope', '-o', out],
      env(),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('repobundle: acme/tool has no branch, tag or commit "nope".\n');
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('fails with exit 1 for a repository that does not exist', async () => {
    const url = `${daemon.baseUrl}/acme/missing.git`;
    const run = await runCli(['pack', url, '-o', out], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `repobundle: No repository at ${url}; check the address (a private one needs GIT_TOKEN).\n`,
    );
  });

  it('refuses a ref git could read as an option, with exit 2', async () => {
    const run = await runCli(
      ['pack', `${daemon.baseUrl}/acme/tool.git`, '--ref=--upload-pack=touch /tmp/x', '-o', out],
      env(),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^repobundle: --ref must name a branch, tag or commit/);
  });
});

describe('private repositories', () => {
  const url = () => `${privateHttp.baseUrl}/acme/tool.git`;

  it('asks for a token when the host answers 401', async () => {
    const run = await runCli(['pack', url(), '-o', out], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'repobundle: acme/tool needs credentials: set GIT_TOKEN (or GITHUB_TOKEN) to a token that can read it.\n',
    );
    expect(readdirSync(scratch)).toEqual([]);
  });

  it.each(['GIT_TOKEN', 'GITHUB_TOKEN'])(
    'sends %s as an Authorization header, never in the URL or a command line',
    async (variable) => {
      const seen = privateHttp.requests.length;
      commandLines.length = 0;
      const run = await runCli(
        ['pack', url(), '-o', out, '--output-format', 'json'],
        env({ [variable]: TOKEN }),
      );
      expect(run.stderr).not.toMatch(/^repobundle:/m);
      expect(run.code).toBe(0);
      expect(filesOf(out)).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
      const requests = privateHttp.requests.slice(seen);
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.every((request) => request.authorization === AUTHORIZATION)).toBe(true);
      expect(requests.some((request) => request.url.includes(TOKEN))).toBe(false);
      // The clone was running (shallow and partial) when the server looked.
      expect(
        commandLines.some((line) => /^git clone .*--depth=1 --filter=blob:none/.test(line)),
      ).toBe(true);
      const secret = AUTHORIZATION.slice('Basic '.length);
      expect(commandLines.filter((line) => line.includes(TOKEN) || line.includes(secret))).toEqual(
        [],
      );
    },
  );

  it('says the token cannot read the repository when the host refuses it', async () => {
    const run = await runCli(['pack', url(), '-o', out], env({ GIT_TOKEN: 'wrong' }));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'repobundle: The token in GIT_TOKEN or GITHUB_TOKEN cannot read acme/tool; check that it has access.\n',
    );
  });
});

/** A git:// server that accepts connections and never answers: a host that hangs. */
async function startSilentServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `git://127.0.0.1:${port}/acme/tool.git`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a host that does not answer', () => {
  it('times out after REPOBUNDLE_CLONE_TIMEOUT seconds with exit 1', async () => {
    const silent = await startSilentServer();
    try {
      const started = Date.now();
      const run = await runCli(
        ['pack', silent.url, '-o', out],
        env({ REPOBUNDLE_CLONE_TIMEOUT: '1' }),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        'repobundle: Cloning acme/tool took longer than 1 seconds; raise REPOBUNDLE_CLONE_TIMEOUT (seconds) or try again.\n',
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(readdirSync(scratch)).toEqual([]);
    } finally {
      await silent.stop();
    }
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'exits non-zero on %s and removes the temporary folder',
    async (signal) => {
      const silent = await startSilentServer();
      try {
        const child = spawn(process.execPath, [CLI, 'pack', silent.url, '-o', out], {
          env: { ...process.env, ...env() },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (data: Buffer) => (stderr += data.toString('utf8')));
        const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
        const deadline = Date.now() + 20_000;
        while (readdirSync(scratch).length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(readdirSync(scratch)).toHaveLength(1);
        // The clone has started when git is waiting on the host.
        await new Promise((resolve) => setTimeout(resolve, 300));
        child.kill(signal);
        const code = await exited;
        expect(code).not.toBe(0);
        expect(code).not.toBeNull();
        expect(stderr).toContain(`Stopped by ${signal}; the temporary clone was removed.`);
        expect(readdirSync(scratch)).toEqual([]);
      } finally {
        await silent.stop();
      }
    },
  );
});

describe('local paths and git context', () => {
  it('packs a local folder named like owner/repo rather than cloning', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'repobundle-cwd-'));
    try {
      mkdirSync(join(cwd, 'acme', 'tool'), { recursive: true });
      writeFileSync(join(cwd, 'acme', 'tool', 'local.ts'), 'export const local = true;\n');
      const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [CLI, 'pack', 'acme/tool', '-o', out, '--output-format', 'json'],
          { cwd, env: { ...process.env, ...env() }, stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (data: Buffer) => (stderr += data.toString('utf8')));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
      expect(run.code).toBe(0);
      expect(filesOf(out)).toEqual(['local.ts']);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('refuses --ref with a local folder, with exit 2', async () => {
    const run = await runCli(['pack', fixtures.base, '--ref', 'main', '-o', out], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `repobundle: --ref applies to a git URL or owner/repo; ${fixtures.base} is read as a local path.\n`,
    );
  });

  it('lists the last N commits of a cloned repository with --include-logs N', async () => {
    const run = await runCli(
      [
        'pack',
        `${daemon.baseUrl}/acme/tool.git`,
        '--include-logs',
        '2',
        '-o',
        out,
        '--output-format',
        'json',
      ],
      env(),
    );
    expect(run.stderr).not.toMatch(/^repobundle:/m);
    const overview = JSON.parse(readFileSync(join(out, 'overview.json'), 'utf8')) as {
      git: { logs: { message: string; files: string[] }[] };
    };
    expect(overview.git.logs.map((commit) => [commit.message, commit.files])).toEqual([
      ['third', ['src/b.ts']],
      ['second', ['src/b.ts']],
    ]);
  });

  it('notes in the summary that a plain folder has no git context', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'repobundle-plain-'));
    try {
      writeFileSync(join(plain, 'x.ts'), 'export const x = 1;\n');
      const run = await runCli(['pack', plain, '--include-diffs', '-o', out, '--json'], env());
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as Summary).notes).toContain(
        '--include-diffs left out: the input is not a git work tree.',
      );
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
