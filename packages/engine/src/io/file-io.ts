import { readSync, writeSync } from 'node:fs';

/** Writes all of `bytes` to an open file, at `position` on (null: where the file is). */
export function writeAll(fd: number, bytes: Uint8Array, position: number | null): void {
  let done = 0;
  while (done < bytes.length) {
    done += writeSync(
      fd,
      bytes,
      done,
      bytes.length - done,
      position === null ? null : position + done,
    );
  }
}

/**
 * Up to `most` bytes of an open file from `offset`, in `bytes` or a buffer of their own; undefined
 * when it holds fewer than `least` bytes there.
 */
export function readAt(
  fd: number,
  offset: number,
  least: number,
  most: number,
  bytes: Buffer = Buffer.allocUnsafeSlow(most),
): Buffer | undefined {
  try {
    let done = 0;
    while (done < most) {
      const read = readSync(fd, bytes, done, most - done, offset + done);
      if (read === 0) break;
      done += read;
    }
    if (done < least) return undefined;
    return done === most ? bytes : bytes.subarray(0, done);
  } catch {
    return undefined;
  }
}
