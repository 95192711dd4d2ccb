import yauzl from 'yauzl';
import type { ArchiveBytes } from './archive-bytes.js';

/** Large enough that a central directory of 10,000 entries takes one or two reads. */
const BLOCK_BYTES = 1024 * 1024;

/**
 * A yauzl reader that serves small reads from a cached 1 MB block of the file. yauzl reads the
 * central directory as two small reads per entry, each a thread-pool round trip through a stream
 * (measured: 650 ms for 11,000 entries); from the cache the same walk costs a few copies.
 */
export class BlockReader extends yauzl.RandomAccessReader {
  private block: Buffer = Buffer.alloc(0);
  private blockStart = 0;

  constructor(private readonly bytes: ArchiveBytes) {
    super();
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ): void {
    if (this.covers(position, length)) {
      this.block.copy(
        buffer,
        offset,
        position - this.blockStart,
        position - this.blockStart + length,
      );
      process.nextTick(callback, null, length);
      return;
    }
    if (length > BLOCK_BYTES) {
      this.bytes.read(buffer, offset, length, position).then(
        (bytesRead) => callback(null, bytesRead),
        (error: Error) => callback(error),
      );
      return;
    }
    const start = position;
    const blockBytes = Math.min(BLOCK_BYTES, this.bytes.size - start);
    // A corrupt directory can point past the end: yauzl reports the short read as truncation.
    if (blockBytes <= 0) {
      process.nextTick(callback, null, 0);
      return;
    }
    const block = Buffer.allocUnsafe(blockBytes);
    this.bytes.read(block, 0, block.length, start).then(
      (bytesRead) => {
        this.block = block.subarray(0, bytesRead);
        this.blockStart = start;
        const available = Math.max(0, Math.min(length, bytesRead));
        this.block.copy(buffer, offset, 0, available);
        callback(null, available);
      },
      (error: Error) => callback(error),
    );
  }

  override close(callback: (error: Error | null) => void): void {
    this.bytes.close().then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }

  private covers(position: number, length: number): boolean {
    return position >= this.blockStart && position + length <= this.blockStart + this.block.length;
  }
}
