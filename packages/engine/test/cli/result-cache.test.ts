import {
  cp,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, inTurns, runCli } from './built-cli.js';

/**
 * The result cache through the built CLI: a second run reads every file's result from it and
 * writes the same bytes; other options, --no-cache and a size bound behave.
 */
let dir: string;
let project: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-cache-'));
  project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  for (let i = 0; i < 30; i++) {
    await writeFile(
      join(project, 'src', `m${i}.ts`),
      `// module ${i}\nexport function f${i}(x: number) {\n  return x * ${i}; // times\n}\n`.repeat(
        20,
      ),
    );
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function packWith(cache: string, out: string, ...flags: string[]) {
  const result = await runCli(['pack', project, '-o', out, '--json', ...flags], {
    env: { CACHE_DIR: cache, SOURCE_DATE_EPOCH: '1767225600' },
  });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { cachedFiles: number; files: number };
}

async function bytesOf(out: string): Promise<string> {
  const chunks = (await readdir(join(out, 'chunks'))).sort();
  const parts = [await readFile(join(out, 'overview.md'), 'utf8')];
  for (const chunk of chunks) parts.push(await readFile(join(out, 'chunks', chunk), 'utf8'));
  return parts.join('\u0000');
}

describe('the result cache', () => {
  it('serves a second run from the cache with the same bytes', async () => {
    const cache = join(dir, 'cache-a');
    const first = await packWith(cache, join(dir, 'a1'), '--remove-comments');
    const second = await packWith(cache, join(dir, 'a2'), '--remove-comments');
    expect(first.cachedFiles).toBe(0);
    expect(second.cachedFiles).toBe(second.files);
    expect(await bytesOf(join(dir, 'a2'))).toBe(await bytesOf(join(dir, 'a1')));
    const otherOptions = await packWith(cache, join(dir, 'a3'), '--show-line-numbers');
    expect(otherOptions.cachedFiles).toBe(0);
    const off = await packWith(cache, join(dir, 'a4'), '--remove-comments', '--no-cache');
    expect(off.cachedFiles).toBe(0);
  });

  it('processes files again where stored results are damaged, on threads and inline', async () => {
    const cache = join(dir, 'cache-damaged');
    await packWith(cache, join(dir, 'g1'), '--workers', '2');
    const packs = join(cache, 'packs');
    for (const name of await readdir(packs)) {
      if (!name.endsWith('.pack')) continue;
      const path = join(packs, name);
      await writeFile(path, Buffer.alloc((await stat(path)).size, 0xee));
    }
    // Another copy of the folder: its digests are not remembered, so the threads look results up.
    const copy = join(dir, 'project-copy');
    await cp(project, copy, { recursive: true });
    const expected = join(dir, 'g-fresh');
    const fresh = await runCli(['pack', copy, '-o', expected, '--no-cache'], {
      env: { SOURCE_DATE_EPOCH: '1767225600' },
    });
    expect(fresh.code, fresh.stderr).toBe(0);
    for (const workers of ['2', '0']) {
      const out = join(dir, `g-${workers}`);
      const result = await runCli(['pack', copy, '-o', out, '--json', '--workers', workers], {
        env: { CACHE_DIR: cache, SOURCE_DATE_EPOCH: '1767225600' },
      });
      expect(result.code, result.stderr).toBe(0);
      const run = JSON.parse(result.stdout) as { cachedFiles: number; files: number };
      expect(run.files).toBe(30);
      expect(await bytesOf(out)).toBe(await bytesOf(expected));
    }
  });

  it('finds a copy of a file in another folder by its name and bytes', async () => {
    const cache = join(dir, 'cache-copies');
    const copies = join(dir, 'copies');
    await cp(project, copies, { recursive: true });
    const result = async (out: string) => {
      const run = await runCli(
        ['pack', copies, '-o', join(dir, out), '--json', '--remove-comments'],
        {
          env: { CACHE_DIR: cache, SOURCE_DATE_EPOCH: '1767225600' },
        },
      );
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as { cachedFiles: number; files: number };
    };
    const first = await result('copies-1');
    expect(first).toMatchObject({ files: 30, cachedFiles: 0 });
    // The same files again in a new folder: their results are the first copies'.
    await cp(join(copies, 'src'), join(copies, 'vendor', 'src'), { recursive: true });
    const second = await result('copies-2');
    expect(second).toMatchObject({ files: 60, cachedFiles: 60 });
    const text = await bytesOf(join(dir, 'copies-2'));
    expect(text).toContain('vendor/src/m7.ts');
    expect(text).toMatch(/(?<!vendor\/)src\/m7\.ts/);
    expect(text).not.toContain('// module 7');
  });

  it('stays correct with several runs at once on one cache', async () => {
    const cache = join(dir, 'cache-b');
    const runs = await inTurns(
      Array.from({ length: 4 }, (_, i) => async () => {
        await packWith(cache, join(dir, `b${i}`), '--remove-blank-lines');
        return bytesOf(join(dir, `b${i}`));
      }),
      4,
    );
    expect(new Set(runs).size).toBe(1);
    const after = await packWith(cache, join(dir, 'b-last'), '--remove-blank-lines');
    expect(after.cachedFiles).toBe(after.files);
  });

  describe('keeps within CACHE_MAX_MB by removing the oldest entries', () => {
    const line = `export const value = "${'x'.repeat(200)}";\n`;
    const packBig = async (cache: string, out: string, maxMb: string) => {
      const big = join(dir, 'big');
      await mkdir(big, { recursive: true });
      for (let i = 0; i < 8; i++) await writeFile(join(big, `f${i}.ts`), line.repeat(1500 + i));
      const result = await runCli(['pack', big, '-o', join(dir, out), '--json'], {
        env: { CACHE_DIR: cache, CACHE_MAX_MB: maxMb },
      });
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as { cachedFiles: number; files: number };
    };
    const entryBytes = async (cache: string) => {
      let total = 0;
      for (const shard of await readdir(cache, { withFileTypes: true })) {
        if (!shard.isDirectory()) continue;
        for (const name of await readdir(join(cache, shard.name))) {
          total += (await stat(join(cache, shard.name, name))).size;
        }
      }
      return total;
    };

    it('after a run that stores results', async () => {
      const cache = join(dir, 'cache-c');
      await packBig(cache, 'c1', '1');
      const total = await entryBytes(cache);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(1024 * 1024);
    });

    it('after a run served wholly from the cache, when the bound was lowered', async () => {
      const cache = join(dir, 'cache-d');
      await packBig(cache, 'd1', '64');
      expect(await entryBytes(cache)).toBeGreaterThan(1024 * 1024);
      const second = await packBig(cache, 'd2', '1');
      expect(second.cachedFiles).toBe(second.files);
      expect(await entryBytes(cache)).toBeLessThanOrEqual(1024 * 1024);
    });
  });

  it('reads an edited file again although its size and modification time are unchanged', async () => {
    const cache = join(dir, 'cache-e');
    const folder = join(dir, 'edited');
    await mkdir(folder, { recursive: true });
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    for (let i = 0; i < 6; i++) {
      await writeFile(join(folder, `f${i}.ts`), `export const v${i} = ${i}0;\n`);
      await utimes(join(folder, `f${i}.ts`), hourAgo, hourAgo);
    }
    // Files changed within two seconds of a run are not remembered.
    await new Promise((done) => setTimeout(done, 2100));
    const packFolder = async (out: string) => {
      const result = await runCli(['pack', folder, '-o', join(dir, out), '--json'], {
        env: { CACHE_DIR: cache, SOURCE_DATE_EPOCH: '1767225600' },
      });
      expect(result.code, result.stderr).toBe(0);
      return bytesOf(join(dir, out));
    };
    await packFolder('e1');
    expect(await packFolder('e2')).toContain('export const v3 = 30;');
    await writeFile(join(folder, 'f3.ts'), 'export const v3 = 99;\n');
    await utimes(join(folder, 'f3.ts'), hourAgo, hourAgo);
    const after = await packFolder('e3');
    expect(after).toContain('export const v3 = 99;');
    expect(after).not.toContain('export const v3 = 30;');
  });

  it('refuses a CACHE_MAX_MB that is not a number', async () => {
    const result = await runCli(['pack', project], { env: { CACHE_MAX_MB: 'lots' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/CACHE_MAX_MB must be a whole number of megabytes/);
  });
});
