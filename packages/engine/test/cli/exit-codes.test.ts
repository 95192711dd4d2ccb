import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from './built-cli.js';

/** Exit codes as a shell sees them: 0 written, 1 the input or the run failed, 2 usage. */
let dir: string;
let project: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-exit-'));
  project = join(dir, 'project');
  await mkdir(project);
  await writeFile(join(project, 'a.ts'), 'export const a = 1; // one\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the built CLI exit codes', () => {
  it('exits 0 having written the bundle', async () => {
    const out = join(dir, 'out');
    const result = await runCli(['pack', project, '-o', out]);
    expect(result.code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['chunks', 'overview.md']);
    expect(result.stderr).toMatch(/^Packed 1 files/);
  });

  it('exits 2 with a sentence naming the flag and the allowed values', async () => {
    const format = await runCli(['pack', project, '--output-format', 'html']);
    expect(format).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'repobundle: --output-format must be one of md, txt, json, xml, csv, yaml, custom; got "html".\n',
    });
    const flag = await runCli(['pack', project, '--frobnicate']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe(
      'repobundle: Unknown option --frobnicate. Run repobundle --help for the options.\n',
    );
  });

  it('exits 1 for input that cannot be packed', async () => {
    const result = await runCli(['pack', join(dir, 'missing')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`repobundle: No such file or folder: ${join(dir, 'missing')}\n`);
  });

  it('exits 1 at once for an output folder that is a file', async () => {
    await writeFile(join(dir, 'some-file'), 'x');
    const result = await runCli(['pack', project, '-o', join(dir, 'some-file')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `repobundle: Cannot write the bundle to ${join(dir, 'some-file')}: it is a file, not a folder.\n`,
    );
  });

  // /proc refuses new folders; Node's recursive mkdir retried there forever.
  it('exits 1 within seconds for an output path where no folder can be made', async () => {
    const started = Date.now();
    const result = await runCli(['pack', project, '-o', '/proc/forbidden']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^repobundle: Cannot write the bundle to \/proc\/forbidden: /);
  }, 30_000);
});
