import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Temporary names: random per thread, then counted, so no two writers (processes or threads) pick
 * the same one, without drawing random bytes for every file.
 */
const TEMPORARY_PREFIX = randomBytes(6).toString('hex');
let temporaries = 0;

/**
 * Writes `bytes` to a temporary name beside `target`, then renames it into place, so a reader
 * (another run, another thread) sees the old file or the new one, never half of one. Best effort:
 * false when it cannot be written (a read-only or full disk), with nothing left behind.
 */
export function replaceFile(target: string, bytes: Uint8Array): boolean {
  const temporary = `${target}.${TEMPORARY_PREFIX}${(temporaries++).toString(36)}.tmp`;
  try {
    writeTemporary(temporary, bytes);
    renameSync(temporary, target);
    return true;
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
    return false;
  }
}

/** The folder is made only when the write finds it missing: one system call less per file. */
function writeTemporary(temporary: string, bytes: Uint8Array): void {
  try {
    writeFileSync(temporary, bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(temporary), { recursive: true });
    writeFileSync(temporary, bytes);
  }
}
