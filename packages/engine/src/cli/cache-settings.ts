import type { ResultCache } from '../io/result-cache.js';
import { DEFAULT_CACHE_MAX_MB, defaultCacheDir, engineBuildId } from '../io/result-cache.js';
import { UsageError } from './parse-args.js';

/** Where the result cache lives and how large it may grow, from CACHE_DIR and CACHE_MAX_MB. */
export interface CacheSettings {
  readonly cache: ResultCache;
  readonly maxBytes: number;
}

export function cacheSettings(env: NodeJS.ProcessEnv = process.env): CacheSettings {
  const maxBytes = cacheMaxMegabytes(env) * 1024 * 1024;
  return { cache: { dir: defaultCacheDir(env), build: engineBuildId(), maxBytes }, maxBytes };
}

/** CACHE_MAX_MB: how large the result cache may grow, in megabytes. */
function cacheMaxMegabytes(env: NodeJS.ProcessEnv): number {
  const value = env.CACHE_MAX_MB;
  if (value === undefined || value === '') return DEFAULT_CACHE_MAX_MB;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new UsageError(`CACHE_MAX_MB must be a whole number of megabytes; got "${value}".`);
  }
  return Number(value);
}
