/**
 * Turns a name from an archive (or a caller) into the POSIX, relative form every source uses,
 * or says why it cannot be one. Kept apart from the ZIP reader so the memory source applies the
 * same rules.
 */
export type EntryPathResult =
  | { readonly kind: 'file' | 'directory'; readonly path: string }
  | { readonly kind: 'absolute' }
  | { readonly kind: 'traversal' }
  | { readonly kind: 'empty' };

const DRIVE_LETTER = /^[A-Za-z]:/;

export function normalizeEntryPath(name: string): EntryPathResult {
  // Windows tools write `\`; judging only `/` would let `..\x` through.
  const slashed = name.replace(/\\/g, '/');
  // `//host` is a UNC path once backslashes are slashes, so one leading `/` test covers both.
  if (slashed.startsWith('/') || DRIVE_LETTER.test(slashed)) return { kind: 'absolute' };
  const segments = slashed.split('/');
  if (segments.includes('..')) return { kind: 'traversal' };
  const kept = segments.filter((segment) => segment !== '' && segment !== '.');
  if (kept.length === 0) return { kind: 'empty' };
  const isDirectory = slashed.endsWith('/');
  return { kind: isDirectory ? 'directory' : 'file', path: kept.join('/') };
}

/** Code-unit order: stable across machines and locales, unlike localeCompare. */
export function comparePaths(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

export function sortByPath<T extends { readonly path: string }>(items: T[]): T[] {
  return items.sort((a, b) => comparePaths(a.path, b.path));
}
