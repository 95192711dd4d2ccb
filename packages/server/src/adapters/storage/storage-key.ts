import { InvalidStorageKeyError } from './object-storage.js';

/** Local storage writes its temporary files here, so no key may start with it. */
export const RESERVED_TOP_FOLDER = '.tmp';

// S3's limit; local file systems allow at least as much per path.
const MAX_KEY_BYTES = 1024;

/** Throws InvalidStorageKeyError unless `key` is a relative POSIX path that stays inside storage. */
export function assertValidKey(key: string): void {
  const refuse = (reason: string) => {
    throw new InvalidStorageKeyError(key, reason);
  };
  if (typeof key !== 'string' || key === '') refuse('it is empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) refuse(`it is longer than ${MAX_KEY_BYTES} bytes`);
  if (key.includes('\0')) refuse('it contains a NUL character');
  if (key.includes('\\')) refuse('it contains a backslash');
  if (key.startsWith('/')) refuse('it is absolute');
  const segments = key.split('/');
  for (const segment of segments) {
    if (segment === '') refuse('it has an empty path segment');
    if (segment === '.' || segment === '..') refuse(`it has a "${segment}" path segment`);
  }
  if (segments[0] === RESERVED_TOP_FOLDER) refuse(`"${RESERVED_TOP_FOLDER}/" is reserved`);
}

/**
 * A folder prefix as `a/b/` (one trailing slash accepted on input), or '' for everything when
 * `allowEmpty`. Validated like a key, so a prefix cannot point outside storage either.
 */
export function toFolderPrefix(prefix: string, allowEmpty: boolean): string {
  if (prefix === '' && allowEmpty) return '';
  const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (folder === '')
    throw new InvalidStorageKeyError(prefix, 'an empty prefix is not allowed here');
  assertValidKey(folder);
  return `${folder}/`;
}

/** The order every implementation returns lists in (UTF-16 code units, like JavaScript's sort). */
export function compareKeys(a: { key: string }, b: { key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
