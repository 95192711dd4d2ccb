import { describe, expect, it } from 'vitest';
import type { PlannedSpan } from './strategy.js';
import { plannedSpan } from './test-support/planned-span.js';
import { withoutCoveredWindows, withoutRepeats } from './window-repeats.js';

const span = plannedSpan;
const windows = (...lists: PlannedSpan[][]) => lists.map((spans) => ({ spans }));

describe('withoutCoveredWindows', () => {
  it('drops the part of a split window that the next window repeats whole', () => {
    // A window over the limit (file 1 to its end at 2660, then file 2 to 177) was split in two;
    // the next window still opens with the repeat planned against it: file 1's tail and all of
    // the second part. Kept, that part would be followed by a repeat of the part before it.
    const first = [span(1, 2400, 2660)];
    const second = [span(2, 0, 177)];
    const next = [span(1, 2623, 2660), span(2, 0, 274)];
    expect(withoutCoveredWindows(windows(first, second, next))).toEqual(windows(first, next));
  });

  it('drops a chain of windows each held whole by the one after it', () => {
    const result = withoutCoveredWindows(
      windows([span(0, 0, 50)], [span(0, 60, 80)], [span(0, 70, 90)], [span(0, 55, 200)]),
    );
    expect(result).toEqual(windows([span(0, 0, 50)], [span(0, 55, 200)]));
  });

  it('keeps windows that the next one repeats only in part, and the last window', () => {
    const plan = windows([span(0, 0, 100)], [span(0, 80, 200), span(1, 0, 10)], [span(1, 0, 30)]);
    expect(withoutCoveredWindows(plan)).toEqual(plan);
  });
});

describe('withoutRepeats', () => {
  it('strips the opening spans a window repeats from the one before it', () => {
    const previous = [span(1, 2400, 2660), span(2, 0, 177)];
    expect(withoutRepeats([span(1, 2623, 2660), span(2, 0, 274)], previous)).toEqual([
      { ...span(2, 177, 274), startsOnBoundary: false },
    ]);
  });
});
