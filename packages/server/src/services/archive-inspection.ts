import {
  contentDigest,
  EngineError,
  openZipSource,
  resolveOptions,
  selectFiles,
  type BundleOptions,
} from '@repobundle/engine';
import { countLinesInBytes } from '@repobundle/contract/files';
import { AppError, badRequest } from '../errors.js';

export interface ArchiveSelection {
  /** Files that will be processed (selected and eligible). */
  files: number;
  /** Lines of those files: what the credits are computed from. */
  lines: number;
  /**
   * Each of those files' content digest, taken in the same pass: the job finds files processed
   * before (another job on the same files) in the result cache without reading them again.
   */
  digests: Map<string, string>;
}

/** Engine archive errors are the person's archive being unusable: 422 with the engine's reason. */
export function archiveError(error: unknown): never {
  if (
    error instanceof EngineError &&
    (error.code.startsWith('ZIP_') || error.code === 'SOURCE_UNREADABLE')
  ) {
    throw new AppError(422, 'INVALID_ARCHIVE', error.message);
  }
  throw error;
}

const MAX_MISSING_SHOWN = 5;

/**
 * Validates the archive (the engine's checks: traversal, links, bombs, entry count...) and
 * measures the selection: every selected path must exist, and the lines of the eligible
 * selected files are counted by reading them, a few at a time (the one read of them before the
 * job: their digests let it skip files already processed).
 */
export async function inspectArchive(
  file: string,
  selected: readonly string[],
  options: BundleOptions,
): Promise<ArchiveSelection> {
  const tree = await openZipSource(file).catch(archiveError);
  try {
    const present = new Set(tree.entries.map((entry) => entry.path));
    const missing = selected.filter((path) => !present.has(path));
    if (missing.length > 0) {
      const shown = missing.slice(0, MAX_MISSING_SHOWN).join(', ');
      const more =
        missing.length > MAX_MISSING_SHOWN ? ` and ${missing.length - MAX_MISSING_SHOWN} more` : '';
      throw badRequest(
        'VALIDATION_ERROR',
        `${missing.length} selected path${missing.length === 1 ? ' is' : 's are'} not in the archive: ${shown}${more}.`,
      );
    }
    const { selected: eligible } = await selectFiles(tree, resolveOptions(options));
    let lines = 0;
    let next = 0;
    const digests = new Map<string, string>();
    const lane = async () => {
      while (next < eligible.length) {
        const entry = eligible[next++]!;
        const bytes = await entry.read().catch(archiveError);
        lines += countLinesInBytes(bytes);
        digests.set(entry.path, contentDigest(bytes));
      }
    };
    await Promise.all(Array.from({ length: 4 }, lane));
    return { files: eligible.length, lines, digests };
  } finally {
    await tree.close();
  }
}
