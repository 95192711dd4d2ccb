import { EngineError } from '../../errors.js';
import type { EngineErrorCode } from '../../errors.js';
import { decodeEntryName, displayName } from './zip-entry-name.js';
import type { RawNameSource } from './zip-entry-name.js';
import { normalizeEntryPath } from './entry-path.js';
import type { ZipLimits } from './zip-limits.js';

/** The central-directory fields the checks need; yauzl's Entry has all of them. */
export interface CentralEntry extends RawNameSource {
  readonly externalFileAttributes: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly relativeOffsetOfLocalHeader: number;
}

export interface ValidatedFile<T extends CentralEntry> {
  readonly path: string;
  readonly entry: T;
}

export interface ValidatedArchive<T extends CentralEntry> {
  readonly files: ValidatedFile<T>[];
  readonly totalBytes: number;
}

export interface ZipValidator<T extends CentralEntry> {
  /** Judges one central-directory record; throws the first problem found. */
  add(entry: T): void;
  /** Archive-wide checks that need every record: overall ratio, overlaps, file/folder clashes. */
  finish(): ValidatedArchive<T>;
}

const ENCRYPTED_FLAG = 0x1;
const FILE_TYPE_MASK = 0o170000;
const SYMLINK_TYPE = 0o120000;
const DIRECTORY_TYPE = 0o040000;
/** Fixed part of a local file header; its name and extra field only make a span longer. */
const LOCAL_HEADER_SIZE = 30;

interface Span {
  readonly start: number;
  readonly end: number;
  readonly display: string;
}

export function checkEntryCount(count: number, limits: ZipLimits): void {
  if (count > limits.maxEntries) {
    throw new EngineError(
      'ZIP_TOO_MANY_ENTRIES',
      `The archive has ${count} entries; at most ${limits.maxEntries} are allowed.`,
    );
  }
}

/**
 * Validates every record before any content is read, so a hostile archive is refused as a whole
 * instead of half-processed. `centralDirectoryOffset` bounds where file data may lie.
 */
export function createZipValidator<T extends CentralEntry>(
  limits: ZipLimits,
  centralDirectoryOffset: number,
): ZipValidator<T> {
  const files = new Map<string, T>();
  const directories = new Set<string>();
  const spans: Span[] = [];
  let count = 0;
  let totalBytes = 0;
  let totalCompressed = 0;

  function add(entry: T): void {
    count += 1;
    checkEntryCount(count, limits);
    const decoded = decodeEntryName(entry);
    if (!decoded.ok) throw refuse('ZIP_BAD_NAME', decoded.display, decoded.reason);
    const display = displayName(decoded.name);
    const normalized = normalizeEntryPath(decoded.name);
    if (normalized.kind === 'absolute') {
      throw refuse('ZIP_ABSOLUTE_PATH', display, 'is an absolute path');
    }
    if (normalized.kind === 'traversal') {
      throw refuse('ZIP_PATH_TRAVERSAL', display, 'climbs out of the archive with ".."');
    }
    const fileType = (entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK;
    if (fileType === SYMLINK_TYPE) throw refuse('ZIP_SYMLINK', display, 'is a symbolic link');
    if ((entry.generalPurposeBitFlag & ENCRYPTED_FLAG) !== 0) {
      throw refuse('ZIP_ENCRYPTED', display, 'is encrypted');
    }
    spans.push({
      start: entry.relativeOffsetOfLocalHeader,
      end: entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_SIZE + entry.compressedSize,
      display,
    });
    // `./` and friends name the root itself: nothing to list.
    if (normalized.kind === 'empty') {
      if (decoded.name.endsWith('/') || decoded.name.endsWith('\\')) return;
      throw refuse('ZIP_BAD_NAME', display, 'has an empty name');
    }
    if (normalized.kind === 'directory' || fileType === DIRECTORY_TYPE) {
      directories.add(normalized.path);
      return;
    }
    if (files.has(normalized.path)) {
      throw refuse(
        'ZIP_DUPLICATE_PATH',
        display,
        `repeats the path "${displayName(normalized.path)}"`,
      );
    }
    files.set(normalized.path, entry);
    addSizes(entry, display);
  }

  function addSizes(entry: T, display: string): void {
    totalBytes += entry.uncompressedSize;
    totalCompressed += entry.compressedSize;
    if (totalBytes > limits.maxTotalBytes) {
      throw refuse(
        'ZIP_TOO_LARGE',
        display,
        `brings the declared uncompressed total to ${totalBytes} bytes, above the limit of ${limits.maxTotalBytes}`,
      );
    }
    if (isBomb(entry.uncompressedSize, entry.compressedSize, limits)) {
      throw refuse(
        'ZIP_BOMB',
        display,
        `expands ${describeRatio(entry.uncompressedSize, entry.compressedSize)}, above the limit of ${limits.maxRatio}:1`,
      );
    }
  }

  function finish(): ValidatedArchive<T> {
    if (isBomb(totalBytes, totalCompressed, limits)) {
      throw new EngineError(
        'ZIP_BOMB',
        `The archive expands ${describeRatio(totalBytes, totalCompressed)} overall, above the limit of ${limits.maxRatio}:1.`,
      );
    }
    checkOverlaps(spans, centralDirectoryOffset);
    checkFileFolderClashes(files, directories);
    const validated = [...files].map(([path, entry]) => ({ path, entry }));
    return { files: validated, totalBytes };
  }

  return { add, finish };
}

function isBomb(uncompressed: number, compressed: number, limits: ZipLimits): boolean {
  return uncompressed > limits.ratioMinBytes && uncompressed > compressed * limits.maxRatio;
}

function describeRatio(uncompressed: number, compressed: number): string {
  const ratio =
    compressed === 0 ? 'an unbounded ratio' : `${Math.round(uncompressed / compressed)}:1`;
  return `from ${compressed} to ${uncompressed} bytes (${ratio})`;
}

/**
 * Overlapping entries are how the densest zip bombs reuse one compressed kernel many times.
 * Each entry's local header plus its data is at least 30 + compressedSize bytes, so in offset
 * order no record may start before the previous one's lower bound ends, and the last one must
 * end before the central directory.
 */
function checkOverlaps(spans: Span[], centralDirectoryOffset: number): void {
  spans.sort((a, b) => a.start - b.start);
  for (let index = 0; index < spans.length; index += 1) {
    const span = spans[index];
    if (span === undefined) continue;
    const next = spans[index + 1];
    const limit = next === undefined ? centralDirectoryOffset : next.start;
    if (span.end > limit) {
      const other = next === undefined ? 'the central directory' : `entry "${next.display}"`;
      throw refuse('ZIP_BOMB', span.display, `has data that overlaps ${other}`);
    }
  }
}

/** `a` as a file and `a/b` elsewhere cannot both exist once unpacked or rendered as a tree. */
function checkFileFolderClashes(
  files: ReadonlyMap<string, unknown>,
  directories: Set<string>,
): void {
  for (const path of files.keys()) {
    if (directories.has(path)) {
      throw refuse('ZIP_DUPLICATE_PATH', displayName(path), 'is both a file and a folder');
    }
    let slash = path.indexOf('/');
    while (slash !== -1) {
      const ancestor = path.slice(0, slash);
      if (files.has(ancestor)) {
        throw refuse('ZIP_DUPLICATE_PATH', displayName(ancestor), 'is both a file and a folder');
      }
      slash = path.indexOf('/', slash + 1);
    }
  }
}

function refuse(code: EngineErrorCode, display: string, reason: string): EngineError {
  return new EngineError(
    code,
    `Archive entry "${display}" ${reason}; the archive is refused.`,
    display,
  );
}
