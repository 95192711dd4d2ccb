import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.js';

describe('collectGarbage', () => {
  it('collects what nothing refers to any more, old generation included', async () => {
    const held = [{ lines: Array.from({ length: 200_000 }, (_, i) => `line ${i} of a file`) }];
    const kept = new WeakRef(held[0] as object);
    // Survive two young collections: the object is in the old generation, as a job's text is.
    for (let round = 0; round < 3; round++) {
      Array.from({ length: 300_000 }, (_, i) => ({ i }));
      await nextTurn();
    }
    held.pop();
    // A WeakRef holds its target until the end of the turn it was last read in.
    await nextTurn();
    collectGarbage();
    expect(kept.deref()).toBeUndefined();
  });

  it('leaves the global scope without a gc function', () => {
    collectGarbage();
    expect('gc' in globalThis).toBe(false);
  });
});
