import { readFileSync } from 'node:fs';
import type { EntryLocation } from '../../core/types.js';
import { readZipEntrySync } from './zip-read-entry.js';

/** Reads an entry's bytes from its location, on the calling (worker) thread. */
export function readLocatedEntry(path: string, location: EntryLocation): Uint8Array {
  return location.kind === 'file'
    ? readFileSync(location.file)
    : readZipEntrySync(location.archive, location, path);
}
