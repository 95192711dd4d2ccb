import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateEntry, NATIVE_INFLATE_FROM, SizeMismatchError } from './inflate-entry.js';

const text = (bytes: number, seed: string) =>
  new TextEncoder().encode(seed.repeat(Math.ceil(bytes / seed.length)).slice(0, bytes));

describe('inflateEntry', () => {
  // Both inflaters: fflate below NATIVE_INFLATE_FROM, the platform's DecompressionStream above.
  for (const size of [1000, NATIVE_INFLATE_FROM + 1000]) {
    it(`inflates entries of ${size} bytes one after another into one reused buffer`, async () => {
      const first = text(size, 'const a = 1;\n');
      const second = text(size - 10, 'let bb = [2, 3];\n');
      const scratch = new Uint8Array(size + 1);
      const one = await inflateEntry(deflateRawSync(first), first.length, scratch);
      expect(Buffer.from(one).equals(Buffer.from(first))).toBe(true);
      const two = await inflateEntry(deflateRawSync(second), second.length, scratch);
      expect(Buffer.from(two).equals(Buffer.from(second))).toBe(true);
    });

    it(`refuses an entry of ${size} bytes whose declared size is wrong`, async () => {
      const bytes = text(size, 'x = y\n');
      const data = deflateRawSync(bytes);
      await expect(inflateEntry(data, size - 1, new Uint8Array(size * 2))).rejects.toThrow(
        SizeMismatchError,
      );
      await expect(inflateEntry(data, size + 1, new Uint8Array(size * 2))).rejects.toThrow(
        SizeMismatchError,
      );
    });
  }
});
