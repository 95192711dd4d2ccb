import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bundle } from '../core/assemble-bundle.js';
import { prepareOutputDir, unwritable } from './prepare-output-dir.js';
import { createLimiter } from './sources/limit-concurrency.js';

const CHUNK_FILE = /^chunk-\d{4,}\.[a-z]+$/;
const WRITE_CONCURRENCY = 4;

/**
 * Writes `overview.<ext>` and `chunks/chunk-0001.<ext>`... into a folder. Chunk files left by an
 * earlier run into the same folder are removed first, so the folder always matches the bundle.
 * A file-system failure is an OUTPUT_UNWRITABLE error saying why in words.
 */
export async function writeBundle(bundle: Bundle, outDir: string): Promise<string[]> {
  await prepareOutputDir(outDir);
  try {
    return await writeInto(bundle, outDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw unwritable(outDir, error as NodeJS.ErrnoException);
    throw error;
  }
}

async function writeInto(bundle: Bundle, outDir: string): Promise<string[]> {
  const chunksDir = join(outDir, 'chunks');
  await mkdir(chunksDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const stale = (await readdir(chunksDir)).filter((name) => CHUNK_FILE.test(name));
  await Promise.all(stale.map((name) => rm(join(chunksDir, name))));

  const overview = join(outDir, bundle.overview.fileName);
  const chunks = bundle.chunks.map((chunk) => join(chunksDir, chunk.fileName));
  // A few files at a time: encoding the next one overlaps the disk writing the last.
  const limit = createLimiter(WRITE_CONCURRENCY);
  await Promise.all([
    limit(() => writeFile(overview, bundle.overview.text)),
    ...bundle.chunks.map((chunk, index) =>
      limit(() => writeFile(chunks[index] as string, chunk.text)),
    ),
  ]);
  return [overview, ...chunks];
}
