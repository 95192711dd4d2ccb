import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDirectorySource } from './directory-source.js';
import { createTempDir } from './test-support/temp-dir.js';

let temp: Awaited<ReturnType<typeof createTempDir>>;
let root: string;

async function put(path: string, content: string): Promise<void> {
  const absolute = join(root, path);
  await mkdir(join(absolute, '..'), { recursive: true });
  await writeFile(absolute, content);
}

beforeAll(async () => {
  temp = await createTempDir('directory-source');
  root = join(temp.dir, 'repo');
  await put('b.txt', 'bee');
  await put('a.md', '# a');
  await put('src/z.ts', 'export {};\n');
  await put('src/deep/er/x.ts', 'x');
  await put('node_modules/pkg/index.js', 'nope');
  await put('src/node_modules/inner/i.js', 'nope');
  await put('.git/HEAD', 'ref');
  await mkdir(join(root, 'empty'));
  await symlink(join(root, 'b.txt'), join(root, 'link-to-file'));
  await symlink(join(root, 'src'), join(root, 'link-to-dir'));
  await symlink('/etc', join(root, 'src/escape'));
});
afterAll(() => temp.cleanup());

const paths = (entries: readonly { path: string }[]) => entries.map((entry) => entry.path);

describe('openDirectorySource', () => {
  it('lists every regular file, sorted, relative and POSIX, without following symlinks', async () => {
    const source = await openDirectorySource(root);
    expect(source.kind).toBe('directory');
    expect(source.name).toBe('repo');
    expect(paths(source.entries)).toEqual([
      '.git/HEAD',
      'a.md',
      'b.txt',
      'node_modules/pkg/index.js',
      'src/deep/er/x.ts',
      'src/node_modules/inner/i.js',
      'src/z.ts',
    ]);
    expect(source.prunedDirectories).toEqual([]);
    expect(source.entries.find((entry) => entry.path === 'src/z.ts')?.size).toBe(11);
  });

  it('does not enter pruned folders, lists them, and asks with (parent, name)', async () => {
    const asked: [string, string][] = [];
    const source = await openDirectorySource(root, {
      prune: (relativeDir, name) => {
        asked.push([relativeDir, name]);
        return name === 'node_modules' || name === '.git';
      },
    });
    expect(paths(source.entries)).toEqual(['a.md', 'b.txt', 'src/deep/er/x.ts', 'src/z.ts']);
    expect(source.prunedDirectories).toEqual(['.git', 'node_modules', 'src/node_modules']);
    expect(asked).toContainEqual(['src', 'node_modules']);
    expect(asked).toContainEqual(['src/deep', 'er']);
    expect(asked).not.toContainEqual(['node_modules', 'pkg']);
    expect(asked.map(([, name]) => name)).not.toContain('link-to-dir');
  });

  it('reads lazily: content is what is on disk at read time', async () => {
    await put('later.txt', 'before');
    const source = await openDirectorySource(root);
    await writeFile(join(root, 'later.txt'), 'after');
    const entry = source.entries.find((candidate) => candidate.path === 'later.txt');
    expect(Buffer.from(await entry!.read()).toString()).toBe('after');
    await source.close();
    await source.close();
  });

  it('refuses a missing path or a file with SOURCE_NOT_FOUND', async () => {
    await expect(openDirectorySource(join(temp.dir, 'missing'))).rejects.toMatchObject({
      code: 'SOURCE_NOT_FOUND',
      message: expect.stringContaining('No folder at'),
    });
    await expect(openDirectorySource(join(root, 'a.md'))).rejects.toMatchObject({
      code: 'SOURCE_NOT_FOUND',
      message: expect.stringContaining('is not a folder'),
    });
  });

  it('walks a wide tree completely under bounded concurrency', async () => {
    const wide = join(temp.dir, 'wide');
    const expected: string[] = [];
    for (let folder = 0; folder < 20; folder += 1) {
      await mkdir(join(wide, `d${folder}`), { recursive: true });
      for (let file = 0; file < 20; file += 1) {
        await writeFile(join(wide, `d${folder}`, `f${file}.txt`), `${folder}:${file}`);
        expected.push(`d${folder}/f${file}.txt`);
      }
    }
    const source = await openDirectorySource(wide);
    expect(paths(source.entries)).toEqual(expected.sort());
  });
});
