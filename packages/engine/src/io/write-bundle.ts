import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bundle } from '../core/assemble-bundle.js';

const CHUNK_FILE = /^chunk-\d{4,}\.[a-z]+$/;

/**
 * Writes `overview.<ext>` and `chunks/chunk-0001.<ext>`... into a folder. Chunk files left by an
 * earlier run into the same folder are removed first, so the folder always matches the bundle.
 */
export async function writeBundle(bundle: Bundle, outDir: string): Promise<string[]> {
  const chunksDir = join(outDir, 'chunks');
  await mkdir(chunksDir, { recursive: true });
  const stale = (await readdir(chunksDir)).filter((name) => CHUNK_FILE.test(name));
  await Promise.all(stale.map((name) => rm(join(chunksDir, name))));

  const written = [join(outDir, bundle.overview.fileName)];
  await writeFile(written[0] as string, bundle.overview.text);
  for (const chunk of bundle.chunks) {
    const path = join(chunksDir, chunk.fileName);
    await writeFile(path, chunk.text);
    written.push(path);
  }
  return written;
}
