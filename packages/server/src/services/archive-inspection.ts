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
import { openArchiveFacts, type EntryFacts } from './archive-facts.js';

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
  /** Entries read to measure them; the others' facts were known from an earlier inspection. */
  read: number;
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
 * job: their digests let it skip files already processed). With `factsDir` (the account's result
 * cache), what an earlier inspection of the same bytes learned is reused and what this one learns
 * is kept.
 */
export async function inspectArchive(
  file: string,
  selected: readonly string[],
  options: BundleOptions,
  factsDir?: string,
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
    const facts = factsDir === undefined ? undefined : await openArchiveFacts(file, factsDir);
    const learned = new Map<string, EntryFacts>();
    let lines = 0;
    let next = 0;
    const digests = new Map<string, string>();
    const lane = async () => {
      while (next < eligible.length) {
        const entry = eligible[next++]!;
        let known = facts?.known.get(entry.path);
        if (known === undefined) {
          const bytes = await entry.read().catch(archiveError);
          known = { digest: contentDigest(bytes), lines: countLinesInBytes(bytes) };
          learned.set(entry.path, known);
        }
        lines += known.lines;
        digests.set(entry.path, known.digest);
      }
    };
    await Promise.all(Array.from({ length: 4 }, lane));
    facts?.save(learned);
    return { files: eligible.length, lines, digests, read: learned.size };
  } finally {
    await tree.close();
  }
}
