import { LocalStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3-storage.js';
import { parseStorageUrl } from './s3-url.js';

export * from './object-storage.js';

/**
 * S3-compatible storage when STORAGE_URL is set, else files under DATA_DIR/storage.
 * Throws StorageConfigError for an unusable STORAGE_URL; connects nothing (see check()).
 */
export function createStorage(config: {
  dataDir: string;
  storageUrl: string | null;
}): ObjectStorage {
  return config.storageUrl === null
    ? new LocalStorage(config.dataDir)
    : new S3Storage(parseStorageUrl(config.storageUrl));
}
