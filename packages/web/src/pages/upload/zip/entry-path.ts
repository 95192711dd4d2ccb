// The server names archive entries by these rules (the engine's entry-path module): the paths
// the explorer sends as `selected` must be spelled exactly the same way.
export type EntryPath =
  | { kind: 'file' | 'directory'; path: string }
  | { kind: 'absolute' }
  | { kind: 'traversal' }
  | { kind: 'empty' };

const DRIVE_LETTER = /^[A-Za-z]:/;

export function normalizeEntryPath(name: string): EntryPath {
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || DRIVE_LETTER.test(slashed)) return { kind: 'absolute' };
  const segments = slashed.split('/');
  if (segments.includes('..')) return { kind: 'traversal' };
  const kept = segments.filter((segment) => segment !== '' && segment !== '.');
  if (kept.length === 0) return { kind: 'empty' };
  return { kind: slashed.endsWith('/') ? 'directory' : 'file', path: kept.join('/') };
}
