import { loadTokenCounter } from '@repobundle/engine/tokens';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../zip/build-zip.testing.js';
import { readCentralDirectory } from '../zip/read-central-directory.js';
import { countEntries, type FileCount } from './count-entries.js';

const source = 'export function add(a: number, b: number) {\n  return a + b;\n}\n';
const notes = 'first line\nsecond line without a newline';

describe('countEntries', () => {
  it('gives each entry its exact lines and o200k tokens, stored or deflated', async () => {
    const zip = await buildZip([
      { name: 'src/add.ts', data: source, deflate: true },
      { name: 'notes.txt', data: notes },
      { name: 'empty.md', data: '' },
      { name: 'blob.dat', data: new Uint8Array([1, 0, 2, 10, 3]) },
    ]);
    const blob = new Blob([zip as BlobPart]);
    const { entries } = await readCentralDirectory(blob);
    const counter = await loadTokenCounter('o200k_base');
    const counts: FileCount[] = [];
    await countEntries(
      blob,
      entries.map((entry, file) => ({ file, entry })),
      counter,
      (count) => counts.push(count),
    );
    counts.sort((a, b) => a.file - b.file);
    expect(counts).toEqual([
      { file: 0, lines: 3, tokens: counter.count(source) },
      { file: 1, lines: 2, tokens: counter.count(notes) },
      { file: 2, lines: 0, tokens: 0 },
      // Lines of a binary file still count toward credits; it has no text to tokenize.
      { file: 3, lines: 2, tokens: 0 },
    ]);
    expect(counts[0]!.tokens).toBeGreaterThan(10);
  });

  it('reports an entry that cannot be inflated instead of failing the whole count', async () => {
    const zip = await buildZip([{ name: 'a.txt', data: 'x'.repeat(500), deflate: true }]);
    const blob = new Blob([zip as BlobPart]);
    const { entries } = await readCentralDirectory(blob);
    const broken = { ...entries[0]!, method: 99 };
    const counts: FileCount[] = [];
    await countEntries(
      blob,
      [{ file: 0, entry: broken }],
      await loadTokenCounter('o200k_base'),
      (c) => counts.push(c),
    );
    expect(counts).toHaveLength(1);
    expect(counts[0]!.error).toMatch(/compression method 99/);
  });
});
