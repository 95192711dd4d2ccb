import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from './built-cli.js';

const BUNDLE = fileURLToPath(new URL('../../dist/bundle/', import.meta.url));

let dir: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-bundle-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the CLI bundle', () => {
  it("holds zod's English messages and none of its translations", async () => {
    const modules: string[] = [];
    for (const name of await readdir(BUNDLE)) {
      if (!name.endsWith('.js')) continue;
      const text = await readFile(join(BUNDLE, name), 'utf8');
      // esbuild heads each bundled module with a comment naming its path.
      modules.push(...(text.match(/^\/\/ \S*zod\/v4\/locales\/\S+$/gm) ?? []));
    }
    expect(modules.map((line) => line.replace(/^.*\//, ''))).toEqual(['en.js']);
  });

  it("still words a settings file's mistakes as zod does in English", async () => {
    const project = join(dir, 'project');
    await mkdir(project);
    await writeFile(join(project, 'a.ts'), 'export const a = 1;\n');
    const settings = join(dir, 'settings.json');
    await writeFile(settings, JSON.stringify({ outputFormat: 'html', tokenLimit: 'many' }));
    const result = await runCli(['pack', project, '-o', join(dir, 'out'), '--config', settings]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      '"tokenLimit": Invalid input: expected number, received string',
    );
    expect(result.stderr).toContain('"outputFormat": Invalid option: expected one of "md"|');
  });
});
