import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStorage } from './object-storage.js';

/**
 * The objects at `keys`, one after the other, as one stream: each is opened only when the previous
 * one has been read, so one object at a time is open and none is held in memory. A missing key
 * errors the stream (with StorageNotFoundError), which makes the write consuming it fail.
 */
export function concatenatedObjects(
  storage: ObjectStorage,
  keys: readonly string[],
  open: (key: string) => Promise<Readable> = (key) => storage.get(key),
): Readable {
  async function* chunks() {
    for (const key of keys) {
      const part = await open(key);
      // Leaving the loop early (the consumer failed) destroys `part`, closing its file or socket.
      for await (const chunk of part) yield chunk as Buffer;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Passes `body` through unchanged while counting its bytes into `counter.bytes`. */
export function countingStream(body: Readable, counter: { bytes: number }): Readable {
  async function* chunks() {
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      counter.bytes += bytes.byteLength;
      yield bytes;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * ObjectStorage.concat over `put`: the parts streamed into `target` (each opened with `open`),
 * hashed as they pass, so the caller need not read the object again for its digest.
 */
export async function putConcatenated(
  storage: ObjectStorage,
  keys: readonly string[],
  target: string,
  open?: (key: string) => Promise<Readable>,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const body = hashingStream(concatenatedObjects(storage, keys, open), hash);
  const { size } = await storage.put(target, body);
  return { size, sha256: hash.digest('hex') };
}

/** Passes `body` through unchanged while feeding its bytes to `hash`. */
function hashingStream(body: Readable, hash: Hash): Readable {
  async function* chunks() {
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      hash.update(bytes);
      yield bytes;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
