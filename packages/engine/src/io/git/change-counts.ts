import { readLog, type GitReader } from './git-log.js';

/** The history sort-by-changes reads: enough to rank files, bounded for very long histories. */
export const CHANGE_HISTORY_COMMITS = 1000;

/**
 * How many of the last CHANGE_HISTORY_COMMITS commits of `rev` changed each file, paths relative
 * to the folder git runs in. Reads commits and trees only, never file contents, so a clone
 * without blobs (`--filter=blob:none`) is enough.
 */
export async function readChangeCounts(git: GitReader, rev = 'HEAD'): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const commit of await readLog(git, CHANGE_HISTORY_COMMITS, false, rev)) {
    for (const file of commit.files) counts.set(file, (counts.get(file) ?? 0) + 1);
  }
  return counts;
}
