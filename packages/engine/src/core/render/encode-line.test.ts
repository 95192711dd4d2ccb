// encodeLine prices lines for the chunk planner: it must describe what the renderer writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS, resolveOptions } from '../../config/options.js';
import type { Chunk } from '../types.js';
import { getRenderer } from './index.js';
import { lineRangeLabel, partLabel, pieceSummary } from './labels.js';

const options = resolveOptions({});

function chunkOf(content: string): Chunk {
  const lines = content.split('\n').length - 1;
  return {
    index: 1,
    pieces: [
      {
        path: 'src/a.ts',
        language: 'typescript',
        startLine: 1,
        endLine: lines,
        part: 1,
        partCount: 1,
        content,
        startsOnBoundary: true,
        endsOnBoundary: true,
      },
    ],
  };
}

/** Lines of printable text with the characters each format escapes. */
const lineArbitrary = fc
  .array(
    fc.constantFrom('a', ' ', '\t', '"', "'", '&', '<', '>', ',', '\\', '#', ': ', '- ', '😀', '`'),
    {
      minLength: 1,
      maxLength: 20,
    },
  )
  .map((parts) => parts.join(''))
  .filter((line) => /\S/.test(line));

describe('encodeLine', () => {
  for (const format of OUTPUT_FORMATS.filter((f) => f !== 'custom')) {
    it(`${format}: every content line appears in the chunk as encodeLine says`, () => {
      const renderer = getRenderer(format);
      fc.assert(
        fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 6 }), (lines) => {
          const text = renderer.renderChunk(chunkOf(lines.map((l) => `${l}\n`).join('')), {
            sourceName: 'r',
            totalChunks: 1,
            options,
          });
          for (const line of lines) expect(text).toContain(renderer.encodeLine(line));
          if (renderer.embedsVerbatim) {
            expect(lines.map((l) => renderer.encodeLine(l))).toEqual(lines);
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it('yaml prices a CRLF line in its double-quoted form', () => {
    expect(getRenderer('yaml').encodeLine('a "b"\r')).toBe('    a \\"b\\"\\r\\n\\');
  });
});

describe('labels', () => {
  it('names line ranges and parts', () => {
    expect(lineRangeLabel(120, 340)).toBe('lines 120-340');
    expect(lineRangeLabel(7, 7)).toBe('line 7');
    expect(lineRangeLabel(1, 0)).toBe('empty');
    expect(partLabel(2, 3)).toBe('part 2 of 3');
    expect(partLabel(1, 1)).toBeUndefined();
    expect(pieceSummary({ startLine: 1, endLine: 9, part: 3, partCount: 3 })).toBe(
      'lines 1-9, part 3 of 3',
    );
  });
});
