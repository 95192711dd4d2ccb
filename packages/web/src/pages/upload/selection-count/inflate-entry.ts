import { inflateSync } from 'fflate';

/**
 * Up to this size an entry inflates in JavaScript: setting up a native DecompressionStream and
 * its promises costs more than a small file takes to inflate; above it the native inflater is
 * about twice as fast.
 */
export const NATIVE_INFLATE_FROM = 64 * 1024;

/** The entry's declared size was wrong: the archive is damaged. */
export class SizeMismatchError extends Error {}

/**
 * Inflates one raw-deflate entry whose uncompressed size the archive declares, into `out` (at
 * least `size + 1` long) when given: a worker that reuses one buffer for every entry spares the
 * browser allocating, zeroing and collecting as many bytes as the archive holds.
 */
export async function inflateEntry(
  data: Uint8Array,
  size: number,
  out: Uint8Array = new Uint8Array(size + 1),
): Promise<Uint8Array> {
  // fflate stops silently at the end of the buffer it is given: one byte of room past the
  // declared size is how an entry larger than declared shows.
  const bytes =
    size < NATIVE_INFLATE_FROM
      ? inflateSync(data, { out: out.subarray(0, size + 1) })
      : await inflateNative(data, out.subarray(0, size));
  if (bytes.length !== size) throw new SizeMismatchError('the entry is not its declared size');
  return bytes;
}

/** The browser's own inflater, straight into a buffer of the declared size. */
async function inflateNative(data: Uint8Array, out: Uint8Array): Promise<Uint8Array> {
  const size = out.length;
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  // Errors surface on the reading side; these promises only need handling.
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out.subarray(0, at);
    if (at + value.length > size) {
      await reader.cancel().catch(() => undefined);
      throw new SizeMismatchError('the entry is larger than its declared size');
    }
    out.set(value, at);
    at += value.length;
  }
}
