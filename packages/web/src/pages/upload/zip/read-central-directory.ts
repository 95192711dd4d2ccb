import { crc32 } from './crc32.js';
import { normalizeEntryPath } from './entry-path.js';
import { ZipError } from './zip-error.js';

/** One file of the archive as its central directory describes it; nothing is decompressed. */
export interface ZipEntry {
  /** Normalised path, exactly as the server names the entry. */
  path: string;
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflate. */
  method: number;
  flags: number;
  /** Where the entry's local header starts in the Blob (prepended data already accounted for). */
  localHeaderOffset: number;
}

export interface ZipListing {
  entries: ZipEntry[];
  /** Folders named by their own records (empty folders included). */
  folders: string[];
  /** Records the server will refuse the whole archive for (traversal, links, encryption...). */
  problems: string[];
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIZE = 56;
const CENTRAL_HEADER_SIZE = 46;
const MAX_COMMENT = 0xffff;
const UTF8_FLAG = 0x800;
const ENCRYPTED_FLAG = 0x1;
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;
const FILE_TYPE_MASK = 0o170000;
const SYMLINK_TYPE = 0o120000;
const DIRECTORY_TYPE = 0o040000;
const MAX_PROBLEMS = 20;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

async function readBytes(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

interface Directory {
  entryCount: number;
  size: number;
  offset: number;
  /** Bytes in front of the archive (a self-extractor stub): added to every recorded offset. */
  shift: number;
}

function findEocd(tail: Uint8Array): number {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (view.getUint32(at, true) !== EOCD_SIGNATURE) continue;
    // The comment must reach exactly to the end, so a signature inside a comment is skipped.
    if (at + EOCD_SIZE + view.getUint16(at + 20, true) === tail.length) return at;
  }
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function u64(view: DataView, at: number): number {
  return view.getUint32(at, true) + view.getUint32(at + 4, true) * 0x1_0000_0000;
}

/** Locates the central directory from the end record (and its ZIP64 form when present). */
async function locateDirectory(blob: Blob): Promise<Directory> {
  if (blob.size < EOCD_SIZE) throw new ZipError('not-zip', 'The file is too small to be a ZIP.');
  const tailStart = Math.max(0, blob.size - (EOCD_SIZE + MAX_COMMENT + ZIP64_LOCATOR_SIZE));
  const tail = await readBytes(blob, tailStart, blob.size);
  const at = findEocd(tail);
  if (at < 0) throw new ZipError('not-zip', 'No ZIP end-of-central-directory record.');
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const eocdPos = tailStart + at;
  let entryCount = view.getUint16(at + 10, true);
  let size = view.getUint32(at + 12, true);
  let offset = view.getUint32(at + 16, true);
  let recordPos = eocdPos;

  const locatorAt = at - ZIP64_LOCATOR_SIZE;
  if (locatorAt >= 0 && view.getUint32(locatorAt, true) === ZIP64_LOCATOR_SIGNATURE) {
    // The recorded position is wrong when data was glued in front; the record then usually
    // sits right before the locator.
    const candidates = [u64(view, locatorAt + 8), tailStart + locatorAt - ZIP64_EOCD_SIZE];
    let zip64Pos = -1;
    let rv: DataView | null = null;
    for (const candidate of candidates) {
      if (candidate < 0) continue;
      const record = await readBytes(blob, candidate, candidate + ZIP64_EOCD_SIZE);
      const recordView = new DataView(record.buffer, record.byteOffset, record.byteLength);
      if (
        record.length === ZIP64_EOCD_SIZE &&
        recordView.getUint32(0, true) === ZIP64_EOCD_SIGNATURE
      ) {
        zip64Pos = candidate;
        rv = recordView;
        break;
      }
    }
    if (!rv) throw new ZipError('corrupt', 'The ZIP64 end record is missing.');
    entryCount = u64(rv, 32);
    size = u64(rv, 40);
    offset = u64(rv, 48);
    recordPos = zip64Pos;
  }
  // Data glued in front of the archive moves everything: the directory must end where the
  // end record starts.
  const shift = recordPos - (offset + size);
  if (shift < 0 || offset + shift + size > blob.size) {
    throw new ZipError('corrupt', 'The central directory lies outside the file.');
  }
  return { entryCount, size, offset, shift };
}

/** The entry's name, or null when it is not UTF-8 (legacy code pages: the server refuses them). */
function decodeName(raw: Uint8Array, extra: Uint8Array): string | null {
  const unicode = unicodePathOf(raw, extra);
  const bytes = unicode ?? raw;
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

function unicodePathOf(raw: Uint8Array, extra: Uint8Array): Uint8Array | null {
  const field = extraField(extra, UNICODE_PATH_EXTRA);
  if (!field || field.length < 6 || field[0] !== 1) return null;
  const view = new DataView(field.buffer, field.byteOffset, field.byteLength);
  return view.getUint32(1, true) === crc32(raw) ? field.subarray(5) : null;
}

function extraField(extra: Uint8Array, id: number): Uint8Array | null {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  let at = 0;
  while (at + 4 <= extra.length) {
    const fieldId = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (fieldId === id) return extra.subarray(at + 4, Math.min(extra.length, at + 4 + length));
    at += 4 + length;
  }
  return null;
}

/** Applies the ZIP64 extra field to the sizes and offset the fixed header left at 0xFFFFFFFF. */
function applyZip64(
  extra: Uint8Array,
  fields: { size: number; compressedSize: number; offset: number },
): void {
  const needed =
    fields.size === 0xffffffff ||
    fields.compressedSize === 0xffffffff ||
    fields.offset === 0xffffffff;
  if (!needed) return;
  const field = extraField(extra, ZIP64_EXTRA);
  if (!field) throw new ZipError('corrupt', 'A ZIP64 entry has no ZIP64 extra field.');
  const view = new DataView(field.buffer, field.byteOffset, field.byteLength);
  let at = 0;
  const next = () => {
    if (at + 8 > field.length) throw new ZipError('corrupt', 'A ZIP64 extra field is short.');
    const value = u64(view, at);
    at += 8;
    return value;
  };
  if (fields.size === 0xffffffff) fields.size = next();
  if (fields.compressedSize === 0xffffffff) fields.compressedSize = next();
  if (fields.offset === 0xffffffff) fields.offset = next();
}

/**
 * Lists a ZIP from its central directory alone: two reads of the Blob (the tail, then the
 * directory), whatever the archive's size, and no entry is decompressed.
 */
export async function readCentralDirectory(blob: Blob): Promise<ZipListing> {
  const directory = await locateDirectory(blob);
  const start = directory.offset + directory.shift;
  const bytes = await readBytes(blob, start, start + directory.size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: ZipEntry[] = [];
  const folders: string[] = [];
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
  };

  let at = 0;
  for (let index = 0; index < directory.entryCount; index++) {
    if (at + CENTRAL_HEADER_SIZE > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new ZipError('corrupt', `Central directory record ${index + 1} is damaged.`);
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const external = view.getUint32(at + 38, true);
    const nameStart = at + CENTRAL_HEADER_SIZE;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > bytes.length) {
      throw new ZipError('corrupt', `Central directory record ${index + 1} is truncated.`);
    }
    const extra = bytes.subarray(extraStart, extraStart + extraLength);
    const fields = {
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    };
    applyZip64(extra, fields);
    at = next;

    const name = decodeName(bytes.subarray(nameStart, extraStart), extra);
    if (name === null) {
      problem('an entry name is neither ASCII nor UTF-8');
      continue;
    }
    const normalized = normalizeEntryPath(name);
    const fileType = (external >>> 16) & FILE_TYPE_MASK;
    if (normalized.kind === 'absolute' || normalized.kind === 'traversal') {
      problem(
        `"${name}" ${normalized.kind === 'absolute' ? 'is an absolute path' : 'climbs out of the archive'}`,
      );
      continue;
    }
    if (normalized.kind === 'empty') continue;
    if (fileType === SYMLINK_TYPE) {
      problem(`"${name}" is a symbolic link`);
      continue;
    }
    if (normalized.kind === 'directory' || fileType === DIRECTORY_TYPE) {
      folders.push(normalized.path);
      continue;
    }
    if ((flags & ENCRYPTED_FLAG) !== 0) problem(`"${name}" is encrypted`);
    entries.push({
      path: normalized.path,
      size: fields.size,
      compressedSize: fields.compressedSize,
      method,
      flags: flags & ~UTF8_FLAG,
      localHeaderOffset: fields.offset + directory.shift,
    });
  }
  return { entries, folders, problems };
}
