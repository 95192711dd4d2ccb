import { describe, expect, it } from 'vitest';
import { mergeSpans } from './merge-neighbours.js';
import { plannedSpan } from './test-support/planned-span.js';

const span = plannedSpan;

describe('mergeSpans', () => {
  it('drops what the first chunk holds and joins a file continued across the two', () => {
    expect(mergeSpans([span(0, 0, 50), span(1, 0, 30)], [span(1, 20, 60), span(2, 0, 10)])).toEqual(
      [span(0, 0, 50), span(1, 0, 60), span(2, 0, 10)],
    );
  });

  it('keeps files in order when the second chunk repeats a file the first had already left', () => {
    // The second window opens with the tail of file 1, repeated from before the first chunk.
    expect(mergeSpans([span(2, 0, 40)], [span(1, 300, 337), span(2, 40, 97)])).toEqual([
      span(2, 0, 97),
    ]);
    expect(
      mergeSpans([span(2, 0, 40), span(3, 0, 5)], [span(2, 30, 40), span(3, 5, 9), span(4, 0, 3)]),
    ).toEqual([span(2, 0, 40), span(3, 0, 9), span(4, 0, 3)]);
  });
});
