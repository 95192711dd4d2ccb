import { describe, expect, it } from 'vitest';
import { presentPacking } from './packing.presenter.js';

describe('presentPacking', () => {
  it('counts levels, lists the least kept first, and treats a file without a level as full', () => {
    const packing = presentPacking(4000, [
      { path: 'a.ts' },
      { path: 'b.ts', level: 'signatures', levelReason: 'least relevant to the focus' },
      { path: 'c.ts', level: 'full' },
      { path: 'd.lock', level: 'path_only', levelReason: 'lock file' },
      { path: 'e.ts', level: 'no_comments', levelReason: 'imported by no file' },
    ]);
    expect(packing).toEqual({
      budget: 4000,
      levels: { full: 2, no_comments: 1, signatures: 1, path_only: 1 },
      files: [
        { path: 'd.lock', level: 'path_only', level_reason: 'lock file' },
        { path: 'b.ts', level: 'signatures', level_reason: 'least relevant to the focus' },
        { path: 'e.ts', level: 'no_comments', level_reason: 'imported by no file' },
        { path: 'a.ts', level: 'full', level_reason: null },
        { path: 'c.ts', level: 'full', level_reason: null },
      ],
      files_truncated: false,
    });
  });

  it('caps the list, dropping files kept whole first', () => {
    const files = Array.from({ length: 2001 }, (_, i) => ({ path: `f${i}.ts` }));
    files.push({ path: 'z.ts', level: 'path_only', levelReason: 'generated' } as never);
    const packing = presentPacking(1000, files);
    expect(packing.files).toHaveLength(2000);
    expect(packing.files[0]).toMatchObject({ path: 'z.ts', level: 'path_only' });
    expect(packing.files_truncated).toBe(true);
    expect(packing.levels).toEqual({ full: 2001, no_comments: 0, signatures: 0, path_only: 1 });
  });
});
