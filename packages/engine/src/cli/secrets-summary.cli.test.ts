// The built `repobundle` CLI as a child process: secret detection runs without
// --redact-secrets, the output keeps the content, and the summary (--json and for people)
// reports what was found with the way to redact it.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksummed } from '../core/transform/secrets/test-support/samples-infrastructure.js';
import {
  RandomText,
  createRng,
} from '../core/transform/secrets/test-support/credential-samples.js';

const run = promisify(execFile);
const engineDir = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(engineDir, 'bin/repobundle.js');

const random = new RandomText(createRng(3));
const github = `ghp_${checksummed(random)}`;
const badNpm = `npm_${checksummed(random).slice(0, -2)}zz`;
const dbPassword = `${random.alnum(10)}7!`;

let dir: string;
beforeAll(async () => {
  // The test runs what users run: the compiled CLI, built from the current sources.
  await run('npm', ['run', 'build', '-w', '@repobundle/engine'], {
    cwd: join(engineDir, '../..'),
  });
  dir = await mkdtemp(join(tmpdir(), 'repobundle-secrets-cli-'));
  await mkdir(join(dir, 'project/src'), { recursive: true });
  await writeFile(join(dir, 'project/src/ci.ts'), `export const token = "${github}";\n`);
  await writeFile(join(dir, 'project/.env'), `NPM_TOKEN=${badNpm}\nDB_PASSWORD=${dbPassword}\n`);
  await writeFile(join(dir, 'project/key.pem'), 'placeholder, but named like a key\n');
  await writeFile(join(dir, 'project/src/clean.ts'), 'export const a = 1;\n');
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('repobundle pack without --redact-secrets', () => {
  it('prints secrets_found per type in --json and keeps the content', async () => {
    const out = join(dir, 'out-json');
    const { stdout } = await run('node', [cli, 'pack', join(dir, 'project'), '-o', out, '--json']);
    const summary = JSON.parse(stdout) as Record<string, unknown>;
    expect(summary.secrets_found).toEqual({
      'generic-password': 1,
      'github-token': 1,
      'npm-token': 1,
      'private-key-file': 1,
    });
    expect(summary.secret_files).toBe(3);
    expect(summary.secrets_low_confidence).toEqual({ 'npm-token': 1, 'private-key-file': 1 });
    expect(summary.secrets_redacted).toBe(false);
    expect(summary.private_key_files).toEqual(['key.pem']);
    expect(summary.secrets_hint).toMatch(/--redact-secrets/);
    expect(stdout).not.toContain(github);
    const chunks = await readdir(join(out, 'chunks'));
    const text = (
      await Promise.all(chunks.map((name) => readFile(join(out, 'chunks', name), 'utf8')))
    ).join('');
    expect(text).toContain(github);
    expect(text).toContain(badNpm);
    const overview = await readFile(join(out, 'overview.md'), 'utf8');
    expect(overview).toContain('## Likely secrets');
    expect(overview).not.toContain(github);
  }, 60_000);

  it('tells people what was found, how to redact it, and warns about the key file', async () => {
    const out = join(dir, 'out-text');
    const { stderr } = await run('node', [cli, 'pack', join(dir, 'project'), '-o', out]);
    expect(stderr).toMatch(
      /Likely secrets: 4 in 3 files \(.*github-token 1.*\); 2 of low confidence/,
    );
    expect(stderr).toContain('run again with --redact-secrets');
    expect(stderr).toContain('Warning: private key in key.pem');
    for (const secret of [github, badNpm, dbPassword]) expect(stderr).not.toContain(secret);
  }, 60_000);

  it('with --redact-secrets says the secrets were redacted', async () => {
    const out = join(dir, 'out-redacted');
    const { stdout } = await run('node', [
      cli,
      'pack',
      join(dir, 'project'),
      '-o',
      out,
      '--redact-secrets',
      '--json',
    ]);
    const summary = JSON.parse(stdout) as Record<string, unknown>;
    expect(summary.secrets_redacted).toBe(true);
    expect(summary.secrets_hint).toBeNull();
    expect((summary.secrets_found as Record<string, number>)['github-token']).toBe(1);
  }, 60_000);
});
