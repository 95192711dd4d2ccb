import {
  createInlineProcessor,
  EngineError,
  openZipSource,
  resolveOptions,
  selectFiles,
  type ArchiveFiles,
  type BundleOptions,
  type FileProcessor,
  type ZipListing,
} from '@repobundle/engine';
import { AppError, badRequest } from '../errors.js';
import { fileDigest, openArchiveFacts, type EntryFacts } from './archive-facts.js';

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
  /** The archive's judged directory: the job opens the archive with it (see ZipListing). */
  listing?: ZipListing;
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

/** Where inspecting may keep and find facts, and the threads that read large selections. */
export interface InspectionAids {
  /** The account's result cache: facts an earlier inspection of the same bytes learned. */
  factsDir?: string;
  /**
   * What the archive's bytes are known by, when whoever stored it took it on the way: their
   * SHA-256 (hex), or for an archive kept in parts the digest of its parts' (see partsDigest).
   * Without it the bytes are read for their SHA-256.
   */
  archiveDigest?: string;
  /** Engine threads for a selection to read of at least `threadsFrom` bytes. */
  threads?: () => FileProcessor;
  threadsFrom?: number;
}

/** Below this many bytes to read, starting threads costs more than they save. */
const THREADS_FROM_BYTES = 16 * 1024 * 1024;

/**
 * Validates the archive (the engine's checks: traversal, links, bombs, entry count...) and
 * measures the selection: every selected path must exist, and the lines of the eligible
 * selected files are counted by reading them (the one read of them before the job: their
 * digests let it skip files already processed), on the engine's threads when there is much to
 * read. What an earlier inspection of the same bytes learned is reused (its directory too, which
 * is then not judged again) and what this one learns is kept (see ArchiveFacts).
 */
export async function inspectArchive(
  file: ArchiveFiles,
  selected: readonly string[],
  options: BundleOptions,
  { factsDir, archiveDigest, threads, threadsFrom = THREADS_FROM_BYTES }: InspectionAids = {},
): Promise<ArchiveSelection> {
  const facts =
    factsDir === undefined
      ? undefined
      : await openArchiveFacts(archiveDigest ?? (await fileDigest(file)), factsDir);
  const tree = await openZipSource(file, undefined, facts?.listing).catch(archiveError);
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
    const unknown = eligible.filter((entry) => !facts?.known.has(entry.path));
    const toRead = unknown.reduce((sum, entry) => sum + entry.size, 0);
    const reader = threads && toRead >= threadsFrom ? threads() : createInlineProcessor();
    const measures = await reader.measure(unknown);
    const learned = new Map<string, EntryFacts>();
    unknown.forEach((entry, index) => {
      const measure = measures[index]!;
      if (!measure.ok) throw new AppError(422, 'INVALID_ARCHIVE', measure.reason);
      learned.set(entry.path, { digest: measure.digest, lines: measure.lines });
    });
    let lines = 0;
    const digests = new Map<string, string>();
    for (const entry of eligible) {
      const known = learned.get(entry.path) ?? facts!.known.get(entry.path)!;
      lines += known.lines;
      digests.set(entry.path, known.digest);
    }
    facts?.save(learned, tree.listing);
    return {
      files: eligible.length,
      lines,
      digests,
      read: learned.size,
      ...(tree.listing && { listing: tree.listing }),
    };
  } finally {
    await tree.close();
  }
}
