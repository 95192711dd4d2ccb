// Golden fixtures: each folder under fixtures/ holds input/ (a source tree), options.json (job
// options) and expected/ (overview + chunks). UPDATE_GOLDEN=1 rewrites expected/ from the engine.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDirectorySource } from '../src/io/sources/index.js';
import { packTree } from '../src/io/pack.js';
import { isExcludedFolder } from '../src/core/select/index.js';

const fixturesDir = join(import.meta.dirname, 'fixtures');
const update = process.env.UPDATE_GOLDEN === '1';
const cases = existsSync(fixturesDir)
  ? (await readdir(fixturesDir, { withFileTypes: true }))
      .filter(
        (entry) => entry.isDirectory() && existsSync(join(fixturesDir, entry.name, 'options.json')),
      )
      .map((entry) => entry.name)
  : [];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('golden fixtures', () => {
  it('has fixtures to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const name of cases) {
    it(name, async () => {
      const root = join(fixturesDir, name);
      const options = JSON.parse(await readFile(join(root, 'options.json'), 'utf8'));
      const tree = await openDirectorySource(join(root, 'input'), {
        prune: (_dir, folder) => isExcludedFolder(folder),
      });
      const bundle = await packTree(tree, options, {
        workers: 0,
        now: () => new Date('2026-01-01T00:00:00.000Z'),
      });
      await tree.close();
      const actual = new Map<string, string>([[bundle.overview.fileName, bundle.overview.text]]);
      for (const chunk of bundle.chunks) actual.set(`chunks/${chunk.fileName}`, chunk.text);

      const expectedDir = join(root, 'expected');
      if (update) {
        await rm(expectedDir, { recursive: true, force: true });
        for (const [path, text] of actual) {
          await mkdir(join(expectedDir, path, '..'), { recursive: true });
          await writeFile(join(expectedDir, path), text);
        }
      }
      expect(await listFiles(expectedDir)).toEqual([...actual.keys()].sort());
      for (const [path, text] of actual) {
        expect(text, path).toBe(await readFile(join(expectedDir, path), 'utf8'));
      }
    });
  }
});
