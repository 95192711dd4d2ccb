import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitCommandError, gitEnvironment, runGit } from './git-command.js';

const TOKEN = 'gho_secret_token_value';
const BASIC = `Authorization: Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;

describe('gitEnvironment', () => {
  it('carries the token as a header scoped to the https origin, never in a URL', () => {
    const env = gitEnvironment('/tmp/h', 'https://github.com/acme/widgets.git', TOKEN);
    expect(env).toMatchObject({
      HOME: '/tmp/h',
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_COUNT: '3',
      GIT_CONFIG_KEY_0: 'gc.auto',
      GIT_CONFIG_VALUE_0: '0',
      GIT_CONFIG_KEY_2: 'http.https://github.com/.extraHeader',
      GIT_CONFIG_VALUE_2: BASIC,
    });
    expect(env.GIT_ALLOW_PROTOCOL).not.toContain('ext');
  });

  it('sends no token over plain http to another machine, nor over git:// or ssh', () => {
    for (const url of [
      'http://git.example.org/acme/widgets.git',
      'git://127.0.0.1:9418/acme/widgets.git',
      'ssh://git@github.com/acme/widgets.git',
      'git@github.com:acme/widgets.git',
    ]) {
      const env = gitEnvironment('/tmp/h', url, TOKEN);
      expect(JSON.stringify(env)).not.toContain(
        Buffer.from(`x-access-token:${TOKEN}`).toString('base64'),
      );
      expect(env.GIT_CONFIG_COUNT).toBe('2');
    }
    expect(gitEnvironment('/tmp/h', 'http://127.0.0.1:8080/a/b.git', TOKEN).GIT_CONFIG_KEY_2).toBe(
      'http.http://127.0.0.1:8080/.extraHeader',
    );
  });

  it('passes nothing else of the server environment', () => {
    process.env.REPOBUNDLE_TEST_SECRET = 'do-not-pass';
    const env = gitEnvironment('/tmp/h', 'https://github.com/a/b.git', null);
    delete process.env.REPOBUNDLE_TEST_SECRET;
    expect(env.REPOBUNDLE_TEST_SECRET).toBeUndefined();
    expect(env.GIT_CONFIG_COUNT).toBe('2');
    expect(JSON.stringify(env)).not.toContain('extraHeader');
  });
});

describe('runGit', () => {
  const home = mkdtempSync(join(tmpdir(), 'repobundle-git-home-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  const env = gitEnvironment(home, 'https://github.com/a/b.git', null);

  it('runs git without a shell', async () => {
    const out = await runGit(['--version'], { env, timeoutMs: 10_000 });
    expect(out.toString()).toMatch(/^git version /);
    // A shell would expand this; execFile hands it to git as one argument.
    const error = await runGit(['$(touch pwned)'], { cwd: home, env, timeoutMs: 10_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GitCommandError);
    expect((error as GitCommandError).stderr).toContain("'$(touch pwned)' is not a git command");
    expect(existsSync(join(home, 'pwned'))).toBe(false);
  });

  it('reports output beyond the cap', async () => {
    const error = await runGit(['help', '-a'], {
      env,
      timeoutMs: 10_000,
      maxOutputBytes: 10,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitCommandError);
    expect((error as GitCommandError).outputTooLarge).toBe(true);
  });
});
