import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, inTurns, runCli } from './built-cli.js';

/**
 * A folder packed again through the built CLI with nothing changed: the bundle the first run
 * kept is written again, the same bytes, its overview dated by this run; runs at once on one
 * cache each write it whole.
 */
let dir: string;
let project: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-kept-'));
  project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  const hourAgo = Math.floor(Date.now() / 1000) - 3600;
  for (let i = 0; i < 40; i++) {
    const file = join(project, 'src', `m${i}.ts`);
    await writeFile(
      file,
      `// module ${i}\nexport const v${i} = "${'x'.repeat(60)}";\n`.repeat(200),
    );
    await utimes(file, hourAgo, hourAgo);
  }
  // Files changed within two seconds of a run's start have no stamp a run can trust.
  await sleep(2100);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Summary {
  readonly files: number;
  readonly chunks: number;
  readonly cachedFiles: number;
  readonly outputTokens: number;
  readonly outDir: string;
  readonly durationMs: number;
}

async function packInto(cache: string, out: string, epoch: string, ...flags: string[]) {
  const result = await runCli(
    ['pack', project, '-o', join(dir, out), '--json', '--token-limit', '32000', ...flags],
    { env: { CACHE_DIR: cache, SOURCE_DATE_EPOCH: epoch } },
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Summary;
}

async function filesOf(out: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await readdir(join(dir, out, 'chunks'))) {
    files.set(name, await readFile(join(dir, out, 'chunks', name), 'utf8'));
  }
  files.set('overview.md', await readFile(join(dir, out, 'overview.md'), 'utf8'));
  return files;
}

describe('a folder packed again, nothing changed', () => {
  it('writes the kept bundle: the same chunks, the overview of this run', async () => {
    const cache = join(dir, 'cache-a');
    const first = await packInto(cache, 'a1', '1767225600');
    expect(first.cachedFiles).toBe(0);
    expect(first.chunks).toBeGreaterThan(2);
    expect(await readdir(join(cache, 'bundles'))).toHaveLength(1);
    const second = await packInto(cache, 'a2', '1782864000');
    // All but where it went, how long it took and where its files came from.
    const { outDir, durationMs } = second;
    expect(second).toEqual({ ...first, outDir, durationMs, cachedFiles: first.files });
    const fresh = await packInto(join(dir, 'unused'), 'a-fresh', '1782864000', '--no-cache');
    expect(fresh.cachedFiles).toBe(0);
    expect(await filesOf('a2')).toEqual(await filesOf('a-fresh'));
    expect((await filesOf('a2')).get('overview.md')).toContain('2026-07-01');
  });

  it('keeps it whole from runs at once on one cache', async () => {
    const cache = join(dir, 'cache-b');
    const bytes = async (out: string) => [...(await filesOf(out)).values()].join('\u0000');
    // Four runs at once: those that pack keep the bundle under the same name.
    const outputs = await inTurns(
      Array.from({ length: 4 }, (_, i) => async () => {
        await packInto(cache, `b${i}`, '1767225600');
        return bytes(`b${i}`);
      }),
      4,
    );
    expect(await readdir(join(cache, 'bundles'))).toHaveLength(1);
    const after = await packInto(cache, 'b-after', '1767225600');
    expect(after.cachedFiles).toBe(after.files);
    expect(new Set([...outputs, await bytes('b-after')]).size).toBe(1);
  });

  it('packs again, and keeps that, when other options are given', async () => {
    const cache = join(dir, 'cache-c');
    await packInto(cache, 'c1', '1767225600');
    const other = await packInto(cache, 'c2', '1767225600', '--show-line-numbers');
    expect((await filesOf('c2')).get('chunk-0001.md')).toMatch(/^\s*1 \| \/\/ module 0$/m);
    expect(await readdir(join(cache, 'bundles'))).toHaveLength(2);
    const again = await packInto(cache, 'c3', '1767225600', '--show-line-numbers');
    expect(again.cachedFiles).toBe(other.files);
    expect(await filesOf('c3')).toEqual(await filesOf('c2'));
  });
});
