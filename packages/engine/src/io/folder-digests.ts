import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import type { SourceEntry } from '../core/types.js';
import { replaceFile } from './replace-file.js';
import type { ResultCache } from './result-cache.js';
import { readStoredMap } from './stored-map.js';

/**
 * The content digests of a folder's files from the last run over it, each with the file's stamp
 * (size, times, inode: see FileStamp). A file whose stamp is unchanged has the same bytes, so its
 * cached result is found without reading it again: a second run reads results, not sources.
 *
 * Kept in the result cache folder (`folders/`, one file per folder packed, named by a digest of
 * its absolute path) and replaced whole: written to a temporary name, then renamed. A file
 * changed less than RACY_MS before the run started is not remembered: a later change within the
 * same clock tick could leave its stamp as it was.
 */
export interface FolderDigests {
  /** Digests of the entries whose stamp is unchanged, by path. */
  readonly known: ReadonlyMap<string, string>;
  /** Records what this run learned (path to digest of the bytes read). */
  save(learned: ReadonlyMap<string, string>): void;
}

export const RACY_MS = 2000;

/** path -> [stamp key, content digest] */
type Remembered = Map<string, readonly [string, string]>;

export function openFolderDigests(
  cache: ResultCache,
  root: string,
  entries: readonly SourceEntry[],
  startedMs: number,
): FolderDigests {
  const file = join(cache.dir, 'folders', createHash('sha256').update(root).digest('hex'));
  const remembered = readStoredMap(file) as Remembered;
  const known = new Map<string, string>();
  for (const entry of entries) {
    const stamp = stampOf(entry);
    const earlier = stamp && remembered.get(entry.path);
    if (earlier && earlier[0] === stamp.key) known.set(entry.path, earlier[1]);
  }
  return {
    known,
    save(learned) {
      const next: Remembered = new Map();
      let changed = false;
      for (const entry of entries) {
        const stamp = stampOf(entry);
        const digest = learned.get(entry.path) ?? known.get(entry.path);
        if (!stamp || !digest || stamp.changedMs >= startedMs - RACY_MS) continue;
        next.set(entry.path, [stamp.key, digest]);
        const earlier = remembered.get(entry.path);
        if (!earlier || earlier[0] !== stamp.key || earlier[1] !== digest) changed = true;
      }
      if (changed || next.size !== remembered.size) writeRemembered(file, next);
    },
  };
}

function stampOf(entry: SourceEntry) {
  return entry.location?.kind === 'file' ? entry.location.stamp : undefined;
}

/** A list that cannot be written only means the next run reads the files again. */
function writeRemembered(file: string, remembered: Remembered): void {
  replaceFile(file, serialize(remembered));
}
