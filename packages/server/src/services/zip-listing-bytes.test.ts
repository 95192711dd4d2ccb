import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { listingBytes, listingFrom } from './zip-listing-bytes.js';

const LOCATION = {
  localHeaderOffset: 0,
  compressedSize: 10,
  uncompressedSize: 20,
  method: 8,
  crc32: 12345,
};

describe('listing bytes', () => {
  it('reads back the listing it wrote', () => {
    const listing = { archiveBytes: 300, files: [['src/a.ts', LOCATION] as const] };
    expect(listingFrom(listingBytes(listing))).toEqual(listing);
  });

  it('reads nothing from bytes that are not a listing', () => {
    const bad: unknown[] = [
      'text',
      { archiveBytes: -1, files: [] },
      { archiveBytes: 1.5, files: [] },
      { archiveBytes: 3, files: {} },
      { archiveBytes: 3, files: [['a']] },
      { archiveBytes: 3, files: [[1, LOCATION]] },
      { archiveBytes: 3, files: [['a', { ...LOCATION, crc32: '1' }]] },
      { archiveBytes: 3, files: [['a', { ...LOCATION, method: undefined }]] },
    ];
    for (const value of bad)
      expect(listingFrom(serialize(value)), JSON.stringify(value)).toBe(undefined);
    expect(listingFrom(Buffer.from('not v8 at all'))).toBeUndefined();
  });
});
