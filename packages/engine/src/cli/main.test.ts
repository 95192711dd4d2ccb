import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';

/** Runs the CLI in-process and captures what it prints and its exit code. */
async function run(...argv: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    await main(argv);
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { stdout, stderr, code };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'repobundle-cli-'));
  await mkdir(join(dir, 'project/src'), { recursive: true });
  await writeFile(join(dir, 'project/src/a.ts'), 'export const a = 1;\n\n\nexport const b = 2;\n');
  await writeFile(join(dir, 'project/notes.log'), 'log\n');
  await writeFile(join(dir, 'project/.gitignore'), '*.log\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => {
  process.exitCode = 0;
});

describe('repobundle pack', () => {
  it('writes the overview and chunks and prints a JSON summary', async () => {
    const out = join(dir, 'out-json');
    const result = await run(
      'pack',
      join(dir, 'project'),
      '-o',
      out,
      '--output-format',
      'yaml',
      '--remove-blank-lines',
      '--json',
    );
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({
      files: 2,
      skipped: 1,
      skippedByReason: { gitignored: 1 },
      chunks: 1,
      lines: 3,
      outDir: out,
    });
    expect(summary.tokens).toBeGreaterThan(0);
    expect(summary.outputTokens).toBeGreaterThan(summary.tokens);
    expect(await readdir(out)).toEqual(['chunks', 'overview.yaml']);
    expect(await readdir(join(out, 'chunks'))).toEqual(['chunk-0001.yaml']);
  });

  it('prints a single chunk to stdout without -o, and the summary on stderr', async () => {
    const result = await run('pack', join(dir, 'project'), '--no-gitignore');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('export const b = 2;');
    expect(result.stdout).toContain('notes.log');
    expect(result.stderr).toMatch(/Packed 3 files/);
  });

  it('applies include and exclude patterns', async () => {
    const out = join(dir, 'out-patterns');
    const result = await run(
      'pack',
      join(dir, 'project'),
      '-o',
      out,
      '--include',
      'src/**',
      '--json',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({
      files: 1,
      skippedByReason: { 'not-included': 1 },
    });
    const chunk = await readFile(join(out, 'chunks', 'chunk-0001.md'), 'utf8');
    expect(chunk).toContain('src/a.ts');
  });

  it.each([
    [['pack'], 2, /Missing the folder or .zip/],
    [['bundle', 'x'], 2, /Unknown command "bundle"/],
    [['pack', '.', '--bogus'], 2, /Unknown option '--bogus'/],
    [['pack', '.', '--token-limit', 'many'], 2, /--token-limit must be a whole number/],
    [['pack', '.', '--json'], 2, /--json prints the summary on stdout/],
  ])('refuses bad usage %j with one line and exit %i', async (argv, code, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses bad options and sources with exit 1', async () => {
    const limit = await run('pack', join(dir, 'project'), '--token-limit', '1000');
    expect(limit.code).toBe(1);
    expect(limit.stderr).toMatch(/Token limit 1000 is not allowed; use one of 32000, 64000/);
    const format = await run('pack', join(dir, 'project'), '--output-format', 'docx');
    expect(format.code).toBe(1);
    expect(format.stderr).toMatch(/outputFormat/);
    const missing = await run('pack', join(dir, 'nowhere'), '-o', join(dir, 'x'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No such file or folder/);
    const template = await run('pack', join(dir, 'project'), '--output-format', 'custom');
    expect(template.stderr).toMatch(/needs a template/);
  });

  it('prints help and the version', async () => {
    expect((await run('--help')).stdout).toMatch(/Usage: repobundle pack <dir\|zip> -o <out-dir>/);
    expect((await run('--version')).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
