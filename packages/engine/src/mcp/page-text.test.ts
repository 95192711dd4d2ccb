import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageItems, pageText } from './page-text.js';

describe('pageText', () => {
  it('cuts at line ends into pages that put together give the text back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 80 }),
        (lines, size) => {
          const text = lines.join('\n');
          const first = pageText(text, 1, size);
          if (!first) throw new Error('page 1 always exists');
          const pages = Array.from({ length: first.pages }, (_, index) =>
            pageText(text, index + 1, size),
          );
          expect(pages.map((page) => page?.text).join('')).toBe(text);
          for (const page of pages.slice(0, -1)) {
            expect(page?.text.length).toBeLessThanOrEqual(size);
            // A page stops after a line end unless a single line was longer than the page.
            if (page?.text.includes('\n')) expect(page.text.endsWith('\n')).toBe(true);
          }
          expect(pageText(text, first.pages + 1, size)).toBeUndefined();
        },
      ),
    );
  });

  it('says which lines a page holds', () => {
    const text = 'one\ntwo\nthree\nfour\n';
    expect(pageText(text, 1, 9)).toMatchObject({ text: 'one\ntwo\n', firstLine: 1, lastLine: 2 });
    expect(pageText(text, 2, 9)).toMatchObject({ text: 'three\n', firstLine: 3, lastLine: 3 });
    expect(pageText(text, 3, 9)).toMatchObject({ text: 'four\n', firstLine: 4, lastLine: 4 });
    expect(pageText('', 1, 9)).toMatchObject({ text: '', pages: 1 });
  });
});

describe('pageItems', () => {
  it('gives one page of a list and the number of pages', () => {
    const items = Array.from({ length: 5 }, (_, index) => index);
    expect(pageItems(items, 2, 2)).toEqual({ items: [2, 3], pages: 3 });
    expect(pageItems(items, 4, 2)).toBeUndefined();
    expect(pageItems([], 1, 2)).toEqual({ items: [], pages: 1 });
  });
});
