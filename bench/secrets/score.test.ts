import { describe, expect, it } from 'vitest';
import { scoreDetections } from './score.js';

describe('scoreDetections', () => {
  it('counts planted spans found by overlap and detections that overlap nothing', () => {
    const truth = new Map([
      [
        'a.ts',
        [
          { start: 10, end: 20, type: 'x' },
          { start: 40, end: 50, type: 'y' },
        ],
      ],
    ]);
    const detections = new Map([
      [
        'a.ts',
        [
          { start: 12, end: 18, type: 'x' },
          { start: 60, end: 70, type: 'z' },
        ],
      ],
      ['b.ts', [{ start: 0, end: 5, type: 'z' }]],
    ]);
    const score = scoreDetections(truth, detections);
    expect(score).toMatchObject({ planted: 2, found: 1, detections: 3, falsePositives: 2 });
    expect(score.recall).toBe(0.5);
    expect(score.precision).toBeCloseTo(1 / 3);
    expect(score.byType.get('y')).toEqual([0, 1]);
  });

  it('is perfect on empty input', () => {
    const score = scoreDetections(new Map(), new Map());
    expect([score.recall, score.precision]).toEqual([1, 1]);
  });
});
