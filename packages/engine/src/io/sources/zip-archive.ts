import { stat } from 'node:fs/promises';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { EngineError, isEngineError } from '../../errors.js';
import { ArchiveBytes, archiveName, archivePaths } from './archive-bytes.js';
import type { ArchiveFiles } from './archive-bytes.js';
import { BlockReader } from './zip-block-reader.js';
import { checkEntryCount, createZipValidator } from './zip-validator.js';
import type { ValidatedArchive } from './zip-validator.js';
import type { ZipLimits } from './zip-limits.js';

export interface OpenedArchive extends ValidatedArchive<Entry> {
  readonly zipfile: ZipFile;
  readonly archiveBytes: number;
}

/**
 * Opens a ZIP and judges its whole central directory before returning; on any refusal the file
 * handle is released and the error thrown. No entry content is read here.
 */
export async function openArchive(files: ArchiveFiles, limits: ZipLimits): Promise<OpenedArchive> {
  await assertArchiveFiles(files);
  let zipfile: ZipFile;
  const bytes = await ArchiveBytes.open(files);
  try {
    zipfile = await yauzl.fromRandomAccessReaderPromise(new BlockReader(bytes), bytes.size, {
      lazyEntries: true,
      autoClose: false,
      // Raw name bytes: zip-entry-name.ts decides what they mean instead of a CP437 guess.
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    await bytes.close();
    throw toInvalidZip(files, error);
  }
  try {
    const archive = await readCentralDirectory(zipfile, limits);
    return { ...archive, zipfile, archiveBytes: bytes.size };
  } catch (error) {
    zipfile.close();
    throw isEngineError(error) ? error : toInvalidZip(files, error);
  }
}

async function readCentralDirectory(
  zipfile: ZipFile,
  limits: ZipLimits,
): Promise<ValidatedArchive<Entry>> {
  checkEntryCount(zipfile.entryCount, limits);
  // yauzl's cursor starts at the central directory; its typings mislabel it as boolean.
  const centralDirectoryOffset = Number(
    (zipfile as unknown as { readEntryCursor: number }).readEntryCursor,
  );
  const validator = createZipValidator<Entry>(limits, centralDirectoryOffset);
  for await (const entry of zipfile.eachEntry()) {
    // With decodeStrings off, yauzl leaves the raw bytes in fileNameRaw (and fileName).
    validator.add(entry);
  }
  return validator.finish();
}

/** Every file of the archive exists and is a regular file, or SOURCE_NOT_FOUND says which. */
export async function assertArchiveFiles(files: ArchiveFiles): Promise<void> {
  for (const path of archivePaths(files)) await assertRegularFile(path);
}

async function assertRegularFile(file: string): Promise<void> {
  let isFile: boolean;
  try {
    isFile = (await stat(file)).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new EngineError('SOURCE_NOT_FOUND', `No archive at ${file}.`);
    }
    throw new EngineError('SOURCE_UNREADABLE', `Cannot read the archive ${file}: ${String(error)}`);
  }
  if (!isFile) throw new EngineError('SOURCE_NOT_FOUND', `${file} is not a file.`);
}

/** yauzl's messages are accurate but terse; name the common cases the way a person would. */
const FRIENDLY_REASONS: readonly [RegExp, string][] = [
  [/central directory record signature not found/i, 'it is not a ZIP file, or it is truncated'],
  [/unexpected EOF/i, 'it is truncated (the central directory runs past the end of the file)'],
  [/invalid central directory file header signature/i, 'its central directory is corrupt'],
  [/strong encryption/i, 'it uses strong encryption, which is not supported'],
  [/multi-disk/i, 'it is one part of a multi-part (split) archive'],
  [/size mismatch for stored file/i, 'a stored entry declares inconsistent sizes'],
];

function toInvalidZip(files: ArchiveFiles, error: unknown): EngineError {
  const detail = error instanceof Error ? error.message : String(error);
  const friendly = FRIENDLY_REASONS.find(([pattern]) => pattern.test(detail))?.[1];
  const reason = friendly === undefined ? detail : `${friendly} (${detail})`;
  const code = /strong encryption/i.test(detail) ? 'ZIP_ENCRYPTED' : 'ZIP_INVALID';
  // Only the base name: the server stores uploads under internal paths a user must not see.
  return new EngineError(code, `${archiveName(files)} is not a valid ZIP archive: ${reason}.`);
}
