import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A deliberately naive ZIP writer for tests: it writes whatever it is told, including the
 * malformed and hostile records a real archiver refuses to produce.
 */
export interface RawZipEntry {
  /** A string is written as UTF-8 bytes; pass bytes to write invalid sequences. */
  readonly name: string | Uint8Array;
  readonly data?: string | Uint8Array;
  /** 0 stored (default), 8 deflated (data is compressed here unless `compressed` is given). */
  readonly method?: number;
  /** Raw file data as written, for entries whose bytes must not match their data. */
  readonly compressed?: Uint8Array;
  readonly flags?: number;
  /** Unix mode in the high 16 bits, as Info-ZIP writes it. */
  readonly unixMode?: number;
  readonly declaredSize?: number;
  readonly extra?: Uint8Array;
  /** Points this record at another entry's local header (index) instead of writing its own. */
  readonly shareLocalHeaderOf?: number;
}

export const S_IFREG = 0o100644;
export const S_IFLNK = 0o120777;
export const S_IFDIR = 0o040755;

const UNIX_MADE_BY = (3 << 8) | 30;

export function writeRawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name =
      typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : Buffer.from(entry.name);
    const data =
      typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data ?? []);
    const method = entry.method ?? 0;
    const written = entry.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const extra = Buffer.from(entry.extra ?? []);
    const fields = {
      flags: entry.flags ?? 0,
      method,
      crc: crc32(data),
      compressedSize: written.length,
      size: entry.declaredSize ?? data.length,
    };
    let localOffset = offset;
    if (entry.shareLocalHeaderOf === undefined) {
      const local = Buffer.concat([localHeader(name, extra, fields), written]);
      locals.push(local);
      offset += local.length;
    } else {
      localOffset = offsets[entry.shareLocalHeaderOf] ?? 0;
    }
    offsets.push(localOffset);
    centrals.push(centralHeader(name, extra, fields, entry.unixMode ?? S_IFREG, localOffset));
  }
  const central = Buffer.concat(centrals);
  return Buffer.concat([...locals, central, endRecord(entries.length, central.length, offset)]);
}

interface HeaderFields {
  readonly flags: number;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
}

function localHeader(name: Buffer, extra: Buffer, fields: HeaderFields): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(fields.flags, 6);
  header.writeUInt16LE(fields.method, 8);
  header.writeUInt32LE(fields.crc, 14);
  header.writeUInt32LE(fields.compressedSize, 18);
  header.writeUInt32LE(fields.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

function centralHeader(
  name: Buffer,
  extra: Buffer,
  fields: HeaderFields,
  unixMode: number,
  localOffset: number,
): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(UNIX_MADE_BY, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(fields.flags, 8);
  header.writeUInt16LE(fields.method, 10);
  header.writeUInt32LE(fields.crc, 16);
  header.writeUInt32LE(fields.compressedSize, 20);
  header.writeUInt32LE(fields.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE((unixMode << 16) >>> 0, 38);
  header.writeUInt32LE(localOffset, 42);
  return Buffer.concat([header, name, extra]);
}

function endRecord(count: number, centralSize: number, centralOffset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(centralSize, 12);
  record.writeUInt32LE(centralOffset, 16);
  return record;
}

/** Info-ZIP Unicode Path extra field (0x7075) for `headerName`, carrying `unicodeName`. */
export function unicodePathExtra(headerName: Uint8Array, unicodeName: string): Buffer {
  const utf8 = Buffer.from(unicodeName, 'utf8');
  const field = Buffer.alloc(4 + 5 + utf8.length);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + utf8.length, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(crc32(headerName), 5);
  utf8.copy(field, 9);
  return field;
}
