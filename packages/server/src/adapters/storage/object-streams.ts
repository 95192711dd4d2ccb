import type { Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStorage } from './object-storage.js';

/**
 * The objects at `keys`, one after the other, as one stream: each is opened only when the previous
 * one has been read, so one object at a time is open and none is held in memory. A missing key
 * errors the stream (with StorageNotFoundError), which makes the write consuming it fail.
 */
export function concatenatedObjects(storage: ObjectStorage, keys: readonly string[]): Readable {
  async function* chunks() {
    for (const key of keys) {
      const part = await storage.get(key);
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

/** Passes `body` through unchanged while feeding its bytes to `hash`. */
export function hashingStream(body: Readable, hash: Hash): Readable {
  async function* chunks() {
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      hash.update(bytes);
      yield bytes;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
