import { ZipError } from '../zip/zip-error.js';

// The ZIP checks and their messages, before anything is read.

export const MAX_ZIP_MB = 200;
export const NOT_ZIP_MESSAGE = 'Please upload a .zip archive';
export const PARSE_FAILED_MESSAGE =
  "Could not parse zip. If it's huge, try server-side selection later.";
export const INVALID_FILE_MESSAGE = 'Invalid file. Please upload a valid ZIP file and try again.';
export const EMPTY_FILE_MESSAGE = 'This file is empty (0 bytes). Please upload a ZIP archive.';
export const NOT_A_ZIP_MESSAGE =
  'This file is named .zip but is not a ZIP archive (no ZIP directory in it). Please upload a valid ZIP file.';
export const EMPTY_ARCHIVE_MESSAGE = 'This archive has no files.';

export function tooLargeMessage(limitMb: number): string {
  return `File too large. Maximum size: ${limitMb}MB`;
}

/**
 * The limit that applies: 200 MB, or the plan's upload limit when that is lower (the server
 * refuses anything above it with 413, after the bytes were sent).
 */
export function uploadLimitMb(planLimitMb: number | null | undefined): number {
  return planLimitMb && planLimitMb > 0 ? Math.min(MAX_ZIP_MB, planLimitMb) : MAX_ZIP_MB;
}

/** The message for a chosen file, or null when it may be read. */
export function validateArchiveFile(
  file: { name: string; size: number },
  planLimitMb: number | null | undefined,
): string | null {
  if (!file.name.toLowerCase().endsWith('.zip')) return NOT_ZIP_MESSAGE;
  const limit = uploadLimitMb(planLimitMb);
  if (file.size > limit * 1024 * 1024) return tooLargeMessage(limit);
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  return null;
}

/** What to say when listing failed: not a ZIP at all, or a ZIP whose directory is unreadable. */
export function listingErrorMessage(error: unknown): string {
  if (error instanceof ZipError && error.kind === 'not-zip') return NOT_A_ZIP_MESSAGE;
  return PARSE_FAILED_MESSAGE;
}
