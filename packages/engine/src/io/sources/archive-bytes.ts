import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ArchivePart } from '../../core/types.js';

/**
 * Where a ZIP's bytes are: one file, or an archive kept as consecutive parts (the chunks of an
 * upload) and read as one, so a server never writes the archive a second time to join them.
 * `name` is what messages call the archive.
 */
export type ArchiveFiles = string | { readonly name: string; readonly parts: readonly string[] };

export function archiveName(files: ArchiveFiles): string {
  return typeof files === 'string' ? basename(files) : files.name;
}

export function archivePaths(files: ArchiveFiles): readonly string[] {
  return typeof files === 'string' ? [files] : files.parts;
}

/**
 * An archive's bytes open for random access: a read may span parts. The parts stay open until
 * `close()`, which waits for reads under way; reads after it fail with EBADF. File handles rather
 * than descriptors: a descriptor closed under a late read could name another file by then.
 */
export class ArchiveBytes {
  private constructor(
    readonly parts: readonly ArchivePart[],
    private readonly handles: readonly FileHandle[],
    readonly size: number,
  ) {}

  /** Opens every part; on a failure the ones opened are closed again. */
  static async open(files: ArchiveFiles): Promise<ArchiveBytes> {
    const handles: FileHandle[] = [];
    const parts: ArchivePart[] = [];
    let start = 0;
    try {
      for (const path of archivePaths(files)) {
        const handle = await open(path, 'r');
        handles.push(handle);
        const { size } = await handle.stat();
        parts.push({ path, start, size });
        start += size;
      }
    } catch (error) {
      await Promise.all(handles.map((handle) => handle.close()));
      throw error;
    }
    return new ArchiveBytes(parts, handles, start);
  }

  /** Reads up to `length` bytes at `position` of the whole; fewer only at its end. */
  async read(buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
    let done = 0;
    for (const { index, at, want, from } of spans(this.parts, position, length)) {
      const { bytesRead } = await this.handles[index]!.read(buffer, offset + at, want, from);
      done += bytesRead;
      if (bytesRead < want) break;
    }
    return done;
  }

  async close(): Promise<void> {
    await Promise.all(this.handles.map((handle) => handle.close()));
  }
}

/**
 * Reads a span of an archive from the parts that hold it, opening each for the read: for a worker
 * thread, which is handed an entry's parts rather than the open archive.
 */
export function readPartsSync(
  parts: readonly ArchivePart[],
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
): number {
  let done = 0;
  for (const { index, at, want, from } of spans(parts, position, length)) {
    const fd = openSync(parts[index]!.path, 'r');
    let bytesRead: number;
    try {
      bytesRead = readSync(fd, buffer, offset + at, want, from);
    } finally {
      closeSync(fd);
    }
    done += bytesRead;
    if (bytesRead < want) break;
  }
  return done;
}

/**
 * How a read of [position, position + length) falls on the parts: for each part it touches, in
 * order, its index, where its bytes go in the read (`at`), how many, and from where in the part.
 */
function* spans(
  parts: readonly ArchivePart[],
  position: number,
  length: number,
): Generator<{ index: number; at: number; want: number; from: number }> {
  const end = position + length;
  for (const [index, part] of parts.entries()) {
    const from = Math.max(position, part.start);
    const to = Math.min(end, part.start + part.size);
    if (from < to) yield { index, at: from - position, want: to - from, from: from - part.start };
  }
}
