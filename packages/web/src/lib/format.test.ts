import { describe, expect, it } from 'vitest';
import { formatBytes, plural } from './format.js';

describe('formatBytes', () => {
  it('reads as people read sizes: bytes, then one decimal below 10, then whole units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(18 * 1024 * 1024)).toBe('18 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatBytes(5000 * 1024 ** 3)).toBe('5000 GB');
  });

  it('shows a dash, not "NaN B", for a size that is unknown or impossible', () => {
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('plural', () => {
  it('adds an s except for one, with thousands separators', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(1204, 'output')).toBe('1,204 outputs');
  });
});
