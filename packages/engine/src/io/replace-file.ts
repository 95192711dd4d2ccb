import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `bytes` to a temporary name beside `target`, then renames it into place, so a reader
 * (another run, another thread) sees the old file or the new one, never half of one. Best effort:
 * false when it cannot be written (a read-only or full disk), with nothing left behind.
 */
export function replaceFile(target: string, bytes: Uint8Array): boolean {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(temporary, bytes);
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
