/** What an archive may declare before we refuse it (docs/product.md#uploads). */
export interface ZipLimits {
  /** Central directory records, folders included. */
  readonly maxEntries: number;
  /** Sum of the declared uncompressed sizes of all files. */
  readonly maxTotalBytes: number;
  /** Uncompressed/compressed ratio above which an entry (or the whole archive) is a bomb. */
  readonly maxRatio: number;
  /**
   * The ratio rule applies only above this many uncompressed bytes: small, very repetitive files
   * (lock files, blank fixtures) legitimately compress far beyond any sane ratio.
   */
  readonly ratioMinBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = Object.freeze({
  maxEntries: 100_000,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioMinBytes: 1024 * 1024,
});

export function resolveZipLimits(limits: Partial<ZipLimits> | undefined): ZipLimits {
  return { ...DEFAULT_ZIP_LIMITS, ...limits };
}
