import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResultCache } from '@repobundle/engine';

/**
 * The result cache holds the text of uploaded files, so each account's results are kept in a
 * folder of its own: one account's jobs never reuse, nor reveal by their speed, another
 * account's files, and deleting a job empties its account's folder (the account's other jobs
 * then make their results again). The size bound is over all accounts' folders together.
 */
export function accountCache(cache: ResultCache, userId: string): ResultCache {
  return { ...cache, dir: accountCacheDir(cache.dir, userId) };
}

/** Removes an account's cached results; a folder that is not there is no error. */
export async function forgetAccountCache(cacheDir: string, userId: string): Promise<void> {
  await rm(accountCacheDir(cacheDir, userId), { recursive: true, force: true });
}

/** The folder of an account's cached results (and what inspecting its archives learned). */
export function accountCacheDir(cacheDir: string, userId: string): string {
  // Ids are UUIDs; anything else must never name a path outside the cache.
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error(`not an account id: ${userId}`);
  return join(cacheDir, userId);
}
