import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK = 64 * 1024;

/** Deterministic pseudo-random bytes (xorshift32), so different seeds give different content. */
function* patternChunks(size: number, seed: number): Generator<Buffer> {
  let state = seed >>> 0 || 1;
  for (let offset = 0; offset < size; offset += CHUNK) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - offset));
    for (let i = 0; i < chunk.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      chunk[i] = state & 0xff;
    }
    yield chunk;
  }
}

export const patternBytes = (size: number, seed: number) =>
  Buffer.concat([...patternChunks(size, seed)]);

/** The same bytes as patternBytes, produced 64 KiB at a time. */
export const patternStream = (size: number, seed: number) =>
  Readable.from(patternChunks(size, seed), { objectMode: false });

/** A stream that yields `goodBytes` bytes and then fails, like a client that disconnects. */
export function failingStream(goodBytes: number): Readable {
  async function* chunks() {
    yield* patternChunks(goodBytes, 7);
    throw new Error('client went away');
  }
  return Readable.from(chunks(), { objectMode: false });
}

export function sha256(...parts: Buffer[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** Digest and length of a stream, read without keeping it. */
export async function digestStream(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
