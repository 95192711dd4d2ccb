import { AppError } from '../../errors.js';
import { GitCommandError } from '../../adapters/git/git-command.js';
import type { Checkout } from './repository-checkout.js';

/** One entry of `git ls-tree`: a path in the commit with its mode and object. */
export interface TreeEntry {
  mode: string;
  type: string;
  oid: string;
  /** Bytes of a blob; null for a submodule. */
  size: number | null;
  path: string;
}

const REGULAR_FILE_MODES = new Set(['100644', '100755']);

/** Files a bundle can hold: symbolic links and submodules are neither listed nor archived. */
export function isRegularFile(entry: TreeEntry): boolean {
  return entry.type === 'blob' && REGULAR_FILE_MODES.has(entry.mode);
}

/** Parses `git ls-tree -z [-l]` output: `<mode> <type> <oid>[ <size>]\t<path>\0`. */
function parseTree(output: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of output.toString('utf8').split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode = '', type = '', oid = '', size] = record.slice(0, tab).trim().split(/\s+/);
    const bytes = size === undefined || size === '-' ? null : Number(size);
    entries.push({ mode, type, oid, size: bytes, path: record.slice(tab + 1) });
  }
  return entries;
}

/** Several million paths: far past anything else the service accepts. */
const MAX_LISTING_BYTES = 256 * 1024 * 1024;

/** Every entry of the commit, recursively, with blob sizes (the blobs must be present). */
export async function listTree(checkout: Checkout): Promise<TreeEntry[]> {
  const output = await checkout
    .git(
      ['ls-tree', '-r', '-l', '-z', '--full-tree', '--end-of-options', checkout.rev],
      MAX_LISTING_BYTES,
    )
    .catch((error: unknown) => {
      if (error instanceof GitCommandError && error.outputTooLarge) {
        throw new AppError(
          413,
          'REPOSITORY_TOO_LARGE',
          'The repository has too many files to list. Please upload a ZIP of the part you need.',
        );
      }
      throw error;
    });
  return parseTree(output);
}

/** One path of the commit, or undefined; the blob is not read. */
export async function findEntry(checkout: Checkout, path: string): Promise<TreeEntry | undefined> {
  const output = await checkout.git([
    'ls-tree',
    '-z',
    '--full-tree',
    '--end-of-options',
    checkout.rev,
    '--',
    path,
  ]);
  return parseTree(output).find((entry) => entry.path === path);
}
