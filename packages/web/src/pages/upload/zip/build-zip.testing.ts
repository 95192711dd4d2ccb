import { crc32 } from './crc32.js';

// Writes ZIP archives for tests and benches (never shipped): stored or deflated entries, ZIP64
// records on demand, bytes glued in front, a comment after the end record.

export interface TestEntry {
  name: string;
  data?: Uint8Array | string;
  deflate?: boolean;
  /** Unix mode for the external attributes (0o120777 makes a symbolic link). */
  mode?: number;
  /** Raw name bytes, for names that are not UTF-8. */
  rawName?: Uint8Array;
  /** Same data reused without a CRC (benches with thousands of entries). */
  skipCrc?: boolean;
}

export interface BuildOptions {
  zip64?: boolean;
  prefix?: Uint8Array;
  comment?: string;
}

const encoder = new TextEncoder();

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart])
    .stream()
    .pipeThrough(
      new CompressionStream('deflate-raw') as unknown as ReadableWritablePair<
        Uint8Array,
        Uint8Array
      >,
    );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function header(size: number, write: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  write(new DataView(bytes.buffer));
  return bytes;
}

function setU64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value % 0x1_0000_0000, true);
  view.setUint32(at + 4, Math.floor(value / 0x1_0000_0000), true);
}

/** Builds the archive as Blob parts, so large test archives share their data buffers. */
export async function buildZip(entries: TestEntry[], options: BuildOptions = {}): Promise<Blob> {
  const parts: BlobPart[] = [];
  const central: Uint8Array[] = [];
  // Offsets count from the archive's own start: a prefix shifts them, as a glued stub does.
  let offset = 0;
  if (options.prefix) parts.push(options.prefix as BlobPart);
  const zip64 = options.zip64 === true;

  for (const entry of entries) {
    const name = entry.rawName ?? encoder.encode(entry.name);
    const raw =
      typeof entry.data === 'string'
        ? encoder.encode(entry.data)
        : (entry.data ?? new Uint8Array());
    const stored = entry.deflate ? await deflateRaw(raw) : raw;
    const crc = entry.skipCrc ? 0 : crc32(raw);
    const method = entry.deflate ? 8 : 0;
    const flags = entry.rawName ? 0 : 0x800;
    const local = header(30 + name.length, (view) => {
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true);
      view.setUint16(6, flags, true);
      view.setUint16(8, method, true);
      view.setUint32(14, crc, true);
      view.setUint32(18, stored.length, true);
      view.setUint32(22, raw.length, true);
      view.setUint16(26, name.length, true);
    });
    local.set(name, 30);
    parts.push(local as BlobPart, stored as BlobPart);

    const extra = zip64
      ? header(28, (view) => {
          view.setUint16(0, 0x0001, true);
          view.setUint16(2, 24, true);
          setU64(view, 4, raw.length);
          setU64(view, 12, stored.length);
          setU64(view, 20, offset);
        })
      : new Uint8Array();
    const record = header(46 + name.length + extra.length, (view) => {
      view.setUint32(0, 0x02014b50, true);
      view.setUint16(4, (3 << 8) | 45, true);
      view.setUint16(6, zip64 ? 45 : 20, true);
      view.setUint16(8, flags, true);
      view.setUint16(10, method, true);
      view.setUint32(16, crc, true);
      view.setUint32(20, zip64 ? 0xffffffff : stored.length, true);
      view.setUint32(24, zip64 ? 0xffffffff : raw.length, true);
      view.setUint16(28, name.length, true);
      view.setUint16(30, extra.length, true);
      const mode = entry.mode ?? (entry.name.endsWith('/') ? 0o040755 : 0o100644);
      view.setUint32(38, (mode << 16) >>> 0, true);
      view.setUint32(42, zip64 ? 0xffffffff : offset, true);
    });
    record.set(name, 46);
    record.set(extra, 46 + name.length);
    central.push(record);
    offset += local.length + stored.length;
  }

  const directoryOffset = offset;
  const directorySize = central.reduce((sum, record) => sum + record.length, 0);
  parts.push(...(central as BlobPart[]));
  const comment = encoder.encode(options.comment ?? '');
  if (zip64) {
    parts.push(
      header(56, (view) => {
        view.setUint32(0, 0x06064b50, true);
        setU64(view, 4, 44);
        view.setUint16(12, 45, true);
        view.setUint16(14, 45, true);
        setU64(view, 24, entries.length);
        setU64(view, 32, entries.length);
        setU64(view, 40, directorySize);
        setU64(view, 48, directoryOffset);
      }) as BlobPart,
      header(20, (view) => {
        view.setUint32(0, 0x07064b50, true);
        setU64(view, 8, directoryOffset + directorySize);
        view.setUint32(16, 1, true);
      }) as BlobPart,
    );
  }
  const end = header(22 + comment.length, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, zip64 ? 0xffff : entries.length, true);
    view.setUint16(10, zip64 ? 0xffff : entries.length, true);
    view.setUint32(12, zip64 ? 0xffffffff : directorySize, true);
    view.setUint32(16, zip64 ? 0xffffffff : directoryOffset, true);
    view.setUint16(20, comment.length, true);
  });
  end.set(comment, 22);
  parts.push(end as BlobPart);
  return new Blob(parts, { type: 'application/zip' });
}
