import { Readable } from 'node:stream';

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
