import { read } from 'node:fs';
import { mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { BundleOutput, KeptBytes } from '../core/assemble-bundle.js';
import { PartsEncoder } from './encode-parts.js';
import { prepareOutputDir, unwritable } from './prepare-output-dir.js';
import { createLimiter } from './sources/limit-concurrency.js';

const CHUNK_FILE = /^chunk-\d{4,}\.[a-z]+$/;
const WRITE_CONCURRENCY = 4;
/** Bytes copied at once from a kept bundle. */
const COPY_WINDOW = 1 << 20;

/**
 * Writes `overview.<ext>` and `chunks/chunk-0001.<ext>`... into a folder. Chunk files left by an
 * earlier run into the same folder are removed first, so the folder always matches the bundle.
 * A file-system failure is an OUTPUT_UNWRITABLE error saying why in words.
 */
export async function writeBundle(bundle: BundleOutput, outDir: string): Promise<string[]> {
  await prepareOutputDir(outDir);
  try {
    return await writeInto(bundle, outDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw unwritable(outDir, error as NodeJS.ErrnoException);
    throw error;
  }
}

async function writeInto(bundle: BundleOutput, outDir: string): Promise<string[]> {
  const chunksDir = join(outDir, 'chunks');
  await mkdir(chunksDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const stale = (await readdir(chunksDir)).filter((name) => CHUNK_FILE.test(name));
  await Promise.all(stale.map((name) => rm(join(chunksDir, name))));

  const overview = join(outDir, bundle.overview.fileName);
  const chunks = bundle.chunks.map((chunk) => join(chunksDir, chunk.fileName));
  // A few files at a time: encoding the next one overlaps the disk writing the last. Each write
  // borrows an encoder (see PartsEncoder) or a copy window and gives it back when done: memory
  // touched for the first time costs a page fault per 4 KB, several microseconds each on a
  // virtual machine, so buffers are made once per write in flight, not once per file.
  const limit = createLimiter(WRITE_CONCURRENCY);
  const withEncoder = lender(() => new PartsEncoder());
  const withWindow = lender(() => Buffer.allocUnsafe(COPY_WINDOW));
  await Promise.all([
    limit(() => writeFile(overview, bundle.overview.text)),
    ...bundle.chunks.map((chunk, index) => {
      const path = chunks[index] as string;
      const { keptBytes } = chunk;
      return limit(() =>
        keptBytes
          ? withWindow((window) => copyKept(path, keptBytes, window))
          : withEncoder((encoder) => writeParts(path, chunk.textParts(), encoder)),
      );
    }),
  ]);
  return [overview, ...chunks];
}

/** Lends things made once: one is made only when every one made is in use. */
function lender<T>(make: () => T): (use: (thing: T) => Promise<void>) => Promise<void> {
  const idle: T[] = [];
  return async (use) => {
    const thing = idle.pop() ?? make();
    try {
      await use(thing);
    } finally {
      idle.push(thing);
    }
  };
}

/** Characters joined into one write: large enough for few calls, small enough to stay young. */
const WRITE_BATCH_CHARS = 1 << 20;

/**
 * Writes a text given in parts without joining it whole, a batch of parts encoded at a time: a
 * chunk of megabytes encoded into one buffer would hold a copy the size of the chunk.
 */
async function writeParts(
  path: string,
  parts: readonly string[],
  encoder: PartsEncoder,
): Promise<void> {
  const handle = await open(path, 'w');
  try {
    let batch: string[] = [];
    let size = 0;
    const flush = async () => {
      const bytes = encoder.encode(batch);
      await writeWhole(handle, bytes, bytes.length);
      batch = [];
      size = 0;
    };
    for (const part of parts) {
      batch.push(part);
      size += part.length;
      if (size >= WRITE_BATCH_CHARS) await flush();
    }
    if (batch.length > 0) await flush();
  } finally {
    await handle.close();
  }
}

const readAt = promisify(read);

/** Writes a chunk's bytes as an earlier run kept them (see kept-bundles.ts), through `window`. */
async function copyKept(path: string, kept: KeptBytes, window: Buffer): Promise<void> {
  const handle = await open(path, 'w');
  try {
    for (let done = 0; done < kept.length;) {
      const want = Math.min(window.length, kept.length - done);
      const { bytesRead } = await readAt(kept.fd, window, 0, want, kept.offset + done);
      if (bytesRead === 0) throw new Error('a kept bundle ended early');
      await writeWhole(handle, window, bytesRead);
      done += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** Writes the first `length` bytes of `bytes`, however many calls the file system takes. */
async function writeWhole(handle: FileHandle, bytes: Uint8Array, length: number): Promise<void> {
  for (let at = 0; at < length;) at += (await handle.write(bytes, at, length - at)).bytesWritten;
}
