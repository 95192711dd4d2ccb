import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { EngineError } from '../errors.js';

/**
 * Makes sure `outDir` is a folder this process can write into, creating it (and missing parents)
 * one level at a time. Checked before any work, so a bad output path fails at once instead of
 * after the whole pack; and made without `mkdir -p` semantics, which on some file systems
 * (/proc, /sys) retries forever instead of failing.
 */
export async function prepareOutputDir(outDir: string): Promise<void> {
  const target = resolve(outDir);
  const missing: string[] = [];
  let existing = target;
  for (;;) {
    const info = await stat(existing).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw unwritable(outDir, error);
    });
    if (info) {
      if (!info.isDirectory()) {
        throw new EngineError(
          'OUTPUT_UNWRITABLE',
          existing === target
            ? `Cannot write the bundle to ${outDir}: it is a file, not a folder.`
            : `Cannot write the bundle to ${outDir}: ${existing} is a file, not a folder.`,
        );
      }
      break;
    }
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  await access(existing, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw unwritable(outDir, error);
  });
  for (const folder of missing) {
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw unwritable(outDir, error);
    });
  }
}

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOENT: 'a folder cannot be created there',
  ENAMETOOLONG: 'the path is too long',
};

/** An output problem in words, with the system's code for whoever searches for it. */
export function unwritable(outDir: string, error: NodeJS.ErrnoException): EngineError {
  const reason = (error.code && REASONS[error.code]) ?? error.message;
  const code = error.code ? ` (${error.code})` : '';
  return new EngineError(
    'OUTPUT_UNWRITABLE',
    `Cannot write the bundle to ${outDir}: ${reason}${code}.`,
  );
}
