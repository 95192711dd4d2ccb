import type { Readable } from 'node:stream';

/**
 * Where uploads and job outputs live: files under DATA_DIR/storage by default, an S3-compatible
 * bucket when STORAGE_URL is set. Keys are POSIX relative paths (`uploads/<user>/<upload>/chunk-000001`);
 * a prefix names a folder, so `list('jobs/1')` sees `jobs/1/...` but not `jobs/10/...`.
 * A key cannot also be a folder of other keys (local storage could not hold both).
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Writes a whole object, replacing any old one; a failed write leaves the old object (or none)
   * visible. A body of bytes is not used after the returned promise settles (its caller may
   * reuse them).
   */
  put(
    key: string,
    body: Readable | Uint8Array,
    options?: { contentType?: string },
  ): Promise<{ size: number }>;
  /** Streams an object; rejects with StorageNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  /** Size, or null when absent. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Every object under a folder prefix (recursive; '' for all), sorted by key. */
  list(prefix: string): Promise<Array<{ key: string; size: number }>>;
  /** Removes an object; an absent one is fine. */
  delete(key: string): Promise<void>;
  /** Removes every object under a folder prefix (never '') and returns how many there were. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Gives `target` the bytes of `source`, which stays; rejects with StorageNotFoundError when the
   * source is absent. Nothing passes through this process: on disk a second name for the same
   * file, in S3 a copy the server makes.
   */
  copy(source: string, target: string): Promise<void>;
  /** A local file with the object's bytes for random access; `release()` removes temp copies. */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Readiness probe: throws StorageUnavailableError when the storage cannot be used. */
  check(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at "${key}"`);
    this.name = 'StorageNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** STORAGE_URL cannot be used as written; the message never contains the secret key. */
export class StorageConfigError extends Error {
  constructor(problem: string) {
    super(`STORAGE_URL: ${problem}`);
    this.name = 'StorageConfigError';
  }
}

export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}
