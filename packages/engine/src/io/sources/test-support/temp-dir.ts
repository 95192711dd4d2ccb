import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A scratch folder per test file; `cleanup` goes in afterAll. */
export async function createTempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `repobundle-${prefix}-`));
  let counter = 0;
  return {
    dir,
    /** Writes bytes to a fresh file in the scratch folder and returns its path. */
    async writeTempFile(bytes: Uint8Array | string, extension = '.zip'): Promise<string> {
      counter += 1;
      const file = join(dir, `file-${counter}${extension}`);
      await writeFile(file, bytes);
      return file;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
