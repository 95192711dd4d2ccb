// Which archive files a job can process: the engine's own rules (@repobundle/contract/files), so the
// explorer greys out exactly what a job would skip. The server re-checks everything,
// content sniffing included, and stays the authority.
import {
  DEFAULT_MAX_FILE_BYTES,
  excludedFileRule,
  isBinaryExtension,
  isExcludedFolder,
} from '@repobundle/contract/files';

export { isExcludedFolder };

/** The engine's default per-file cap. */
export const MAX_FILE_BYTES = DEFAULT_MAX_FILE_BYTES;

export type IneligibleReason =
  'excluded folder' | 'lock file' | 'system file' | 'binary' | 'too large';

/**
 * Why a file (by its basename, size and whether an ancestor folder is excluded) cannot be
 * processed, or null when it can.
 */
export function ineligibleReason(
  basename: string,
  size: number,
  inExcludedFolder: boolean,
): IneligibleReason | null {
  if (inExcludedFolder) return 'excluded folder';
  const rule = excludedFileRule(basename);
  // The engine names a `._` resource fork apart; the explorer files it with the system files.
  if (rule !== undefined) return rule === 'lock file' ? 'lock file' : 'system file';
  if (isBinaryExtension(basename)) return 'binary';
  if (size > MAX_FILE_BYTES) return 'too large';
  return null;
}
