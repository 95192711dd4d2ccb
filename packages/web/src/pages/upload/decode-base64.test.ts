import { describe, expect, it } from 'vitest';
import { BASE64_PIECE_CHARS, decodeBase64InPieces } from './decode-base64.js';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('decodeBase64InPieces', () => {
  it('decodes every padding case exactly', async () => {
    for (const length of [0, 1, 2, 3, 4, 5, 255]) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 37) % 256);
      expect(await decodeBase64InPieces(toBase64(bytes))).toEqual(bytes);
    }
  });

  it('joins pieces across the piece boundary and reports progress up to 1', async () => {
    const length = (BASE64_PIECE_CHARS / 4) * 3 * 2 + 7;
    const bytes = Uint8Array.from({ length }, (_, index) => (index * 131) % 251);
    let text = '';
    for (let start = 0; start < length; start += 30_000) {
      text += toBase64(bytes.subarray(start, Math.min(start + 30_000, length)));
    }
    const seen: number[] = [];
    const decoded = await decodeBase64InPieces(text, (fraction) => seen.push(fraction));
    expect(decoded).toEqual(bytes);
    expect(seen.length).toBe(3);
    expect(seen.at(-1)).toBe(1);
  });

  it('refuses text that is not base64', async () => {
    await expect(decodeBase64InPieces('abc')).rejects.toThrow('broken length');
    await expect(decodeBase64InPieces('ab$d')).rejects.toThrow();
  });
});
