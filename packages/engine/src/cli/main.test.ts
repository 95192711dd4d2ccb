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
    [['pack', '.', '--bogus'], 2, /^repobundle: Unknown option --bogus\. Run repobundle --help/],
    [['pack', '.', '--token-limit'], 2, /--token-limit needs a value/],
    [['pack', '.', '--json=yes'], 2, /--json takes no value/],
    [['pack', '.', '--token-limit', 'many'], 2, /--token-limit must be a whole number/],
    [['pack', '.', '--json'], 2, /--json prints the summary on stdout/],
    [
      ['pack', '.', '--output-format', 'html'],
      2,
      /--output-format must be one of md, txt, json, xml, csv, yaml, custom; got "html"/,
    ],
    [
      ['pack', '.', '--chunking-strategy', 'smart'],
      2,
      /--chunking-strategy must be one of fixed, file_based, semantic, auto; got "smart"/,
    ],
    [['pack', '.', '--encoding', 'p50k'], 2, /--encoding must be one of o200k_base, cl100k_base/],
    [
      ['pack', '.', '--token-limit', '1000'],
      2,
      /--token-limit must be one of 32000, 64000, 128000, 256000, 512000, 1000000, 2000000; got 1000/,
    ],
    [['pack', '.', '--secret-pattern', '(a+)+'], 2, /--secret-pattern #1: .*exponential/],
    [['pack', '.', '--output-format', 'custom'], 2, /--output-format custom needs a template/],
    [['pack', '.', '--template', '/nowhere/t.hbs'], 2, /Cannot read the template file/],
  ])('refuses bad usage %j with one line and exit %i', async (argv, code, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/outputFormat|tokenLimit|customSecretPatterns/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a missing source and an unwritable output with exit 1, before any work', async () => {
    const missing = await run('pack', join(dir, 'nowhere'), '-o', join(dir, 'x'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No such file or folder/);
    await writeFile(join(dir, 'a-file'), 'x');
    const onFile = await run('pack', join(dir, 'project'), '-o', join(dir, 'a-file'));
    expect(onFile.code).toBe(1);
    expect(onFile.stderr).toBe(
      `repobundle: Cannot write the bundle to ${join(dir, 'a-file')}: it is a file, not a folder.\n`,
    );
    const under = await run('pack', join(dir, 'project'), '-o', join(dir, 'a-file', 'out'));
    expect(under.code).toBe(1);
    expect(under.stderr).toMatch(/is a file, not a folder/);
  });

  it('prints help and the version', async () => {
    expect((await run('--help')).stdout).toMatch(
      /Usage: repobundle pack <dir\|zip> \[-o <out-dir>\]/,
    );
    expect((await run('--version')).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
