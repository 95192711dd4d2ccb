import { describe, expect, it } from 'vitest';
import type { ZipEntry } from '../zip/read-central-directory.js';
import { BATCH_BYTES, CountSession, COUNTED, IN_FLIGHT, PENDING } from './count-session.js';

/** Entries laid out one after another, `sizes` compressed bytes each. */
function layout(sizes: number[]): ZipEntry[] {
  let offset = 0;
  return sizes.map((compressedSize, i) => {
    const entry = {
      path: `f${i}.ts`,
      size: compressedSize * 3,
      compressedSize,
      method: 8,
      flags: 0,
      localHeaderOffset: offset,
    };
    offset += 40 + compressedSize;
    return entry;
  });
}

function sessionOf(entries: ZipEntry[]) {
  const targets = entries.map((entry, file) => ({ file, entry }));
  const last = entries[entries.length - 1]!;
  return new CountSession(entries.length, targets, entries, last.localHeaderOffset + 1000);
}

const done = (session: CountSession, files: Int32Array) =>
  session.accept({
    files,
    lines: new Float64Array(files.length),
    tokens: new Float64Array(files.length),
    failures: [],
  });

describe('CountSession', () => {
  it('hands out batches of neighbouring entries by compressed bytes, each file once', () => {
    const entries = layout([...Array(10).fill(300_000), 5_000_000, ...Array(400).fill(100)]);
    const session = sessionOf(entries);
    session.prioritize(entries.map((_, i) => i));
    const batches: number[][] = [];
    for (let batch = session.nextBatch(); batch; batch = session.nextBatch()) {
      batches.push([...batch.files]);
      expect([...batch.ends]).toEqual(
        [...batch.files].map(
          (f) => entries[f + 1]?.localHeaderOffset ?? entries[f]!.localHeaderOffset + 1000,
        ),
      );
    }
    expect(batches.flat()).toEqual(entries.map((_, i) => i));
    // A batch closes once it holds BATCH_BYTES: three 300 kB entries, or whatever a large one joins.
    expect(batches.slice(0, 4)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
      [9, 10],
    ]);
    expect(BATCH_BYTES).toBeLessThan(900_000);
    expect(batches[4]).toHaveLength(400);
    expect(session.remaining).toBe(411);
    for (const files of batches) done(session, Int32Array.from(files));
    expect(session.remaining).toBe(0);
    expect(session.nextBatch()).toBeNull();
  });

  it('counts the wanted files first, then the rest; a new selection reorders what is left', () => {
    const entries = layout(Array(6).fill(400_000));
    const session = sessionOf(entries);
    session.prioritize([4, 1]);
    const first = session.nextBatch()!;
    expect([...first.files]).toEqual([1, 4]);
    expect(session.state[1]).toBe(IN_FLIGHT);
    done(session, first.files);
    expect(session.state[4]).toBe(COUNTED);
    session.prioritize([5, 4]);
    expect([...session.nextBatch()!.files]).toEqual([5]);
    expect([...session.nextBatch()!.files]).toEqual([0, 2]);
    expect([...session.nextBatch()!.files]).toEqual([3]);
    expect(session.nextBatch()).toBeNull();
    expect(session.state[0]).not.toBe(PENDING);
  });

  it('hands out only wanted files when asked to', () => {
    const entries = layout(Array(4).fill(400_000));
    const session = sessionOf(entries);
    session.prioritize([2]);
    expect([...session.nextBatch({ wantedOnly: true })!.files]).toEqual([2]);
    expect(session.nextBatch({ wantedOnly: true })).toBeNull();
    expect([...session.nextBatch()!.files]).toEqual([0, 1]);
  });

  it('puts the files of batches that will not be answered back in the queue', () => {
    const entries = layout(Array(4).fill(400_000));
    const session = sessionOf(entries);
    session.prioritize([0, 1, 2, 3]);
    done(session, session.nextBatch()!.files);
    session.nextBatch();
    expect(session.remaining).toBe(2);
    session.requeueInFlight();
    expect([...session.state]).toEqual([COUNTED, COUNTED, PENDING, PENDING]);
    expect([...session.nextBatch()!.files]).toEqual([2, 3]);
    expect(session.remaining).toBe(2);
  });
});
