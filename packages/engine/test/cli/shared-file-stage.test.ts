import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, digestOf, runCli } from './built-cli.js';

/**
 * By default the CLI's main thread processes small files itself beside one thread fewer than
 * the cores. Which thread did a file must never show in the output: the built CLI, run again and
 * again with the default threads, writes what it writes on the main thread alone.
 */
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };
const FILES = 220;
let dir: string;
let project: string;

beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-shared-stage-'));
  project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  // About 20 MB, over what is packed on the main thread alone (16 MB on two cores): many files
  // small enough for the main thread to take, a few only the threads take, and text a JSON
  // string escapes (quotes, backslashes, tabs, non-ASCII).
  const line = (file: number, at: number) =>
    `export const v${file}_${at} = "quoted \\"${at}\\" \\\\ path\\tcafé ${'x'.repeat(40)}";\n`;
  for (let file = 0; file < FILES; file++) {
    const lines = file % 50 === 7 ? 6000 : 1000;
    const text = Array.from({ length: lines }, (_, at) => line(file, at)).join('');
    await writeFile(join(project, 'src', `f${String(file).padStart(3, '0')}.ts`), text);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let runs = 0;
/** Files the last run read from the cache, as its summary says. */
let cachedFiles = 0;
async function packed(
  format: 'json' | 'md',
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<string> {
  const out = join(dir, `out-${runs++}`);
  const result = await runCli(
    ['pack', project, '-o', out, '--json', '--output-format', format, ...args],
    {
      ...EPOCH,
      ...env,
    },
  );
  expect(result.code, result.stderr).toBe(0);
  cachedFiles = (JSON.parse(result.stdout) as { cachedFiles: number }).cachedFiles;
  const digest = await digestOf(out);
  await rm(out, { recursive: true, force: true });
  return digest;
}

describe('the shared file stage, through the built CLI', () => {
  it('writes the same bytes as the main thread alone, run after run', async () => {
    const alone = await packed('json', ['--workers', '0', '--no-cache']);
    for (let run = 0; run < 4; run++) {
      expect(await packed('json', ['--no-cache']), `default run ${run}`).toBe(alone);
    }
    expect(await packed('json', ['--workers', '2', '--no-cache'])).toBe(alone);
  }, 300_000);

  it('stores results from both threads that a later run reads back right', async () => {
    const cache = { CACHE_DIR: join(dir, 'cache') };
    const alone = await packed('json', ['--workers', '0', '--no-cache']);
    expect(await packed('json', [], cache)).toBe(alone);
    // Another format and one file edited: every other file's result comes from the cache, those
    // both threads held for a moment before appending them included.
    await appendFile(join(project, 'src', 'f100.ts'), 'export const edited = true;\n');
    const editedAlone = await packed('md', ['--workers', '0', '--no-cache']);
    expect(await packed('md', [], cache)).toBe(editedAlone);
    expect(cachedFiles).toBe(FILES - 1);
  }, 300_000);
});
