import { describe, expect, it } from 'vitest';
import { openMemorySource } from './memory-source.js';

describe('openMemorySource', () => {
  it('sorts, normalises paths and sizes strings as UTF-8 bytes', async () => {
    const source = openMemorySource('snippets', [
      { path: 'src\\b.ts', content: 'é' },
      { path: './a.ts', content: Uint8Array.from([1, 2, 3]) },
    ]);
    expect(source.kind).toBe('memory');
    expect(source.name).toBe('snippets');
    expect(source.entries.map((entry) => [entry.path, entry.size])).toEqual([
      ['a.ts', 3],
      ['src/b.ts', 2],
    ]);
    expect(Buffer.from(await source.entries[1]!.read()).toString()).toBe('é');
  });

  it('hands each reader its own copy', async () => {
    const source = openMemorySource('m', [{ path: 'a', content: 'abc' }]);
    const first = await source.entries[0]!.read();
    first[0] = 0;
    expect(Buffer.from(await source.entries[0]!.read()).toString()).toBe('abc');
  });

  it.each(['../x', '/abs', 'dir/', ''])('refuses the path %j', (path) => {
    expect(() => openMemorySource('m', [{ path, content: '' }])).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
  });

  it('refuses a path given twice', () => {
    const files = [
      { path: 'a.ts', content: '1' },
      { path: './a.ts', content: '2' },
    ];
    expect(() => openMemorySource('m', files)).toThrow(/listed twice/);
  });
});
