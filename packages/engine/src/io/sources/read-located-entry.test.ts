import { appendFileSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLocatedEntry } from './read-located-entry.js';

describe('reading a listed file', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'repobundle-read-'));
    file = join(dir, 'a.txt');
    writeFileSync(file, 'hello, world\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = (size?: number) =>
    Buffer.from(
      readLocatedEntry('a.txt', { kind: 'file', file, ...(size !== undefined && { size }) }),
    );

  it('gives the bytes it holds, with or without the listed size', () => {
    expect(read(13).toString()).toBe('hello, world\n');
    expect(read().toString()).toBe('hello, world\n');
  });

  it('reads a file grown since it was listed whole, and one that shrank as it is now', () => {
    appendFileSync(file, 'x'.repeat(70_000));
    expect(read(13)).toEqual(Buffer.from(`hello, world\n${'x'.repeat(70_000)}`));
    truncateSync(file, 5);
    expect(read(13).toString()).toBe('hello');
    writeFileSync(file, '');
    expect(read(13)).toHaveLength(0);
  });

  it('says why a file gone since cannot be read', () => {
    rmSync(file);
    expect(() => read(13)).toThrow(/ENOENT/);
  });
});
