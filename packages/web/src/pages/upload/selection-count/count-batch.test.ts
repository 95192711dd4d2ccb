import { loadTokenCounter } from '@repobundle/engine/tokens';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../zip/build-zip.testing.js';
import { readCentralDirectory } from '../zip/read-central-directory.js';
import { countBatch, readBatch } from './count-batch.js';
import type { BatchCounts } from './count-messages.js';
import { CountSession } from './count-session.js';
import { NATIVE_INFLATE_FROM } from './inflate-entry.js';

const source = 'export function add(a: number, b: number) {\n  return a + b;\n}\n';
const notes = 'first line\nsecond line without a newline';
/** Over the native-inflater threshold: inflated by DecompressionStream, not in JavaScript. */
const large = Array.from({ length: 4000 }, (_, i) => `const value${i} = compute(${i});`).join('\n');

async function countAll(entries: Parameters<typeof buildZip>[0], broken?: (i: number) => object) {
  const blob = new Blob([(await buildZip(entries)) as BlobPart]);
  const listing = await readCentralDirectory(blob);
  const targets = listing.entries.map((entry, file) => ({
    file,
    entry: { ...entry, ...broken?.(file) },
  }));
  const session = new CountSession(targets.length, targets, listing.entries, blob.size);
  session.prioritize(targets.map((t) => t.file));
  const counter = await loadTokenCounter('o200k_base');
  const replies: BatchCounts[] = [];
  for (let batch = session.nextBatch(); batch; batch = session.nextBatch()) {
    const counts = await countBatch(blob, batch, readBatch(blob, batch), counter);
    session.accept(counts);
    replies.push(counts);
  }
  return { session, counter, replies };
}

describe('countBatch', () => {
  it('gives each entry its exact lines and o200k tokens: stored, deflated, large, binary', async () => {
    expect(new TextEncoder().encode(large).length).toBeGreaterThan(NATIVE_INFLATE_FROM);
    const { session, counter } = await countAll([
      { name: 'src/add.ts', data: source, deflate: true },
      { name: 'notes.txt', data: notes },
      { name: 'empty.md', data: '' },
      { name: 'src/large.ts', data: large, deflate: true },
      { name: 'blob.dat', data: new Uint8Array([1, 0, 2, 10, 3]), deflate: true },
      { name: 'ünï/cödé.md', data: '# Tïtle\n日本語\n', deflate: true },
    ]);
    expect(session.remaining).toBe(0);
    expect([...session.lines]).toEqual([3, 2, 0, 4000, 2, 2]);
    expect([...session.tokens]).toEqual([
      counter.count(source),
      counter.count(notes),
      0,
      counter.count(large),
      // Lines of a binary file still count toward credits; it has no text to tokenize.
      0,
      counter.count('# Tïtle\n日本語\n'),
    ]);
    expect(session.tokens[3]).toBeGreaterThan(20_000);
    expect(session.failures.size).toBe(0);
  });

  it('reports an entry it cannot read and counts the others', async () => {
    const { session, counter } = await countAll(
      [
        { name: 'a.txt', data: 'x'.repeat(500), deflate: true },
        { name: 'b.txt', data: 'y\n'.repeat(50), deflate: true },
        { name: 'c.txt', data: 'z', deflate: true },
      ],
      (file) => (file === 0 ? { method: 99 } : file === 2 ? { flags: 1 } : {}),
    );
    expect(session.failures.get(0)).toMatch(/compression method 99/);
    expect(session.failures.get(2)).toMatch(/encrypted/);
    expect(session.lines[1]).toBe(50);
    expect(session.tokens[1]).toBe(counter.count('y\n'.repeat(50)));
    expect(session.remaining).toBe(0);
  });
});
