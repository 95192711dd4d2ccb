import { closeSync, openSync, writeSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

// Writes test ZIP archives with Node's zlib: deflated text, stored binary, many entries.

export interface ZipInput {
  name: string;
  data: string | Buffer;
  /** Stored instead of deflated (random or binary data). */
  store?: boolean;
}

function localHeader(name: Buffer, method: number, crc: number, compressed: number, size: number) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x800, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(
  name: Buffer,
  method: number,
  crc: number,
  compressed: number,
  size: number,
  offset: number,
) {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x800, 8);
  header.writeUInt16LE(method, 10);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

/** Streams the archive to a file, so large test archives never sit in memory whole. */
export function writeZip(path: string, files: Iterable<ZipInput>): number {
  const fd = openSync(path, 'w');
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  try {
    for (const file of files) {
      const name = Buffer.from(file.name, 'utf8');
      const raw = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
      const method = file.store ? 0 : 8;
      const body = file.store ? raw : deflateRawSync(raw);
      const crc = crc32(raw);
      const header = localHeader(name, method, crc, body.length, raw.length);
      writeSync(fd, header);
      writeSync(fd, body);
      central.push(centralHeader(name, method, crc, body.length, raw.length, offset));
      offset += header.length + body.length;
      count++;
    }
    const directory = Buffer.concat(central);
    writeSync(fd, directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    writeSync(fd, end);
    return offset + directory.length + end.length;
  } finally {
    closeSync(fd);
  }
}
