// Test support only (imported by *.test.ts).
import type { PlannedSpan } from '../strategy.js';

/** A span of file `file` from `start` to `end`, on a boundary only at the file's start. */
export const plannedSpan = (file: number, start: number, end: number): PlannedSpan => ({
  file,
  start,
  end,
  startsOnBoundary: start === 0,
  endsOnBoundary: false,
});
