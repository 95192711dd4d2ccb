import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from './built-cli.js';

/**
 * `--compress` through the built CLI: signatures in the chunks, notes for what stays whole, the
 * same bytes for any number of worker threads, and its own entries in the result cache.
 */
let dir: string;
let project: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-compress-'));
  project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  for (let i = 0; i < 12; i++) {
    await writeFile(
      join(project, 'src', `m${i}.ts`),
      `import { x } from './x';\n\n/** Scales by ${i}.\n * Details. */\nexport function f${i}(n: number): number {\n  return n * ${i};\n}\n`,
    );
    await writeFile(
      join(project, 'src', `p${i}.py`),
      `class C${i}:\n    """Holds ${i}."""\n\n    def get(self):\n        return ${i}\n`,
    );
  }
  await writeFile(join(project, 'src', 'broken.ts'), 'export function f( {\n');
  await writeFile(join(project, 'src', 'App.swift'), 'func f() -> Int {\n  return 1\n}\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Summary {
  readonly files: number;
  readonly cachedFiles: number;
  readonly fileNotes: readonly { path: string; note: string }[];
}

async function pack(out: string, ...flags: string[]): Promise<Summary> {
  const result = await runCli(['pack', project, '-o', out, '--json', ...flags], {
    env: { CACHE_DIR: join(dir, 'cache'), SOURCE_DATE_EPOCH: '1767225600' },
  });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Summary;
}

async function bytesOf(out: string): Promise<string> {
  const chunks = (await readdir(join(out, 'chunks'))).sort();
  const parts = [await readFile(join(out, 'overview.md'), 'utf8')];
  for (const chunk of chunks) parts.push(await readFile(join(out, 'chunks', chunk), 'utf8'));
  return parts.join('\u0000');
}

describe('repobundle pack --compress', () => {
  it('writes signatures with placeholders and notes the files it kept whole', async () => {
    const summary = await pack(join(dir, 'one'), '--compress', '--no-cache');
    const bundle = await bytesOf(join(dir, 'one'));
    expect(bundle).toContain(
      "import { x } from './x';\n\n/** Scales by 3. */\nexport function f3(n: number): number { /* ... */ }\n",
    );
    expect(bundle).toContain('class C3:\n    """Holds 3."""\n\n    def get(self):\n        ...\n');
    expect(bundle).not.toContain('return n * 3');
    expect(bundle).toContain('- compress: true');
    expect(summary.fileNotes).toEqual([
      { path: 'src/App.swift', note: 'not compressed: no parser for swift files' },
      {
        path: 'src/broken.ts',
        note: expect.stringMatching(
          /^not compressed: the typescript parse has \d+ syntax error\(s\)$/,
        ),
      },
    ]);
    expect(bundle).toContain('export function f( {');
  });

  it('gives the same bytes on the main thread and on several workers', async () => {
    await pack(join(dir, 'w0'), '--compress', '--no-cache', '--workers', '0');
    await pack(join(dir, 'w3'), '--compress', '--no-cache', '--workers', '3');
    expect(await bytesOf(join(dir, 'w3'))).toBe(await bytesOf(join(dir, 'w0')));
  });

  it('keeps compressed and whole results apart in the result cache', async () => {
    const whole = await pack(join(dir, 'c1'));
    expect(whole.cachedFiles).toBe(0);
    const compressed = await pack(join(dir, 'c2'), '--compress');
    expect(compressed.cachedFiles).toBe(0);
    expect(await bytesOf(join(dir, 'c2'))).not.toContain('return n * 3');
    const again = await pack(join(dir, 'c3'), '--compress');
    expect(again.cachedFiles).toBe(again.files);
    expect(await bytesOf(join(dir, 'c3'))).toBe(await bytesOf(join(dir, 'c2')));
    const wholeAgain = await pack(join(dir, 'c4'));
    expect(wholeAgain.cachedFiles).toBe(wholeAgain.files);
    expect(await bytesOf(join(dir, 'c4'))).toContain('return n * 3');
  });
});
