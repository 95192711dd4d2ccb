import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { buildChunks } from '../chunk/build-chunks.js';
import { lineStartsOf } from '../chunk/line-index.js';
import type { PlannedChunk } from '../chunk/strategy.js';
import type { ContentRuns, ProcessedFile } from '../types.js';
import { getRenderer } from './index.js';
import { longestRun } from './labels.js';
import { measureRuns } from './piece-runs.js';

const options = resolveOptions({});
const formats = ['md', 'txt', 'custom'] as const;
type Format = (typeof formats)[number];
const template = '{{#each chunk.pieces}}{{fence}}\n{{content}}{{fence}}\n{{/each}}';

function fileOf(content: string, runs?: ContentRuns): ProcessedFile {
  return {
    path: 'src/a.ts',
    language: 'typescript',
    content,
    lines: lineStartsOf({ content }).length - 1,
    tokens: 0,
    linePrefix: new Uint32Array(1),
    originalBytes: content.length,
    notes: [],
    ...(runs && { runs }),
  };
}

/**
 * Chunks of one file cut at `cuts` (offsets), rendered in each format (twice: the second rendering
 * finds the runs the first one found), the formats in `order`: by format.
 */
function rendered(
  file: ProcessedFile,
  cuts: readonly number[],
  order: readonly Format[] = formats,
): Record<Format, string[]> {
  const bounds = [0, ...cuts, file.content.length];
  const planned: PlannedChunk[] = bounds.slice(1).map((end, at) => ({
    spans: [
      {
        file: 0,
        start: bounds[at]!,
        end,
        startsOnBoundary: at === 0,
        endsOnBoundary: end === file.content.length,
      },
    ],
  }));
  const chunks = buildChunks([file], planned, lineStartsOf);
  const texts = { md: [], txt: [], custom: [] } as Record<Format, string[]>;
  for (const format of order) {
    const renderer = getRenderer(format, { template });
    const context = { sourceName: 'repo', totalChunks: chunks.length, options };
    for (const chunk of chunks) {
      texts[format].push(
        renderer.renderChunk(chunk, context),
        renderer.renderChunk(chunk, context),
      );
    }
  }
  return texts;
}

const unit = fc.constantFrom('`', '``', '```', '=', '====', '\n', '\r', 'a', 'abcdefgh ', 'é');
// Short texts, and texts long enough that a piece remembers the runs it scanned (see
// REMEMBERED_FROM).
const text = fc.oneof(
  fc.string({ unit, maxLength: 40 }),
  fc.string({ unit, minLength: 100, maxLength: 300, size: 'max' }),
);
/** A text and up to three offsets that cut it into pieces, in order. */
const cutText = text.chain((value) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, value.length - 1) }), { maxLength: 3 })
    .map((cuts) => ({
      value,
      cuts: cuts.filter((cut) => cut < value.length).sort((a, b) => a - b),
    })),
);

describe('measureRuns', () => {
  it('measures the runs a fence and a marker must exceed', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(measureRuns(value)).toEqual({
          length: value.length,
          backticks: longestRun(value, '`'),
          equalsAtLineStart: longestRun(value, '=', true),
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('pieces that borrow their file runs', () => {
  it('render as pieces that scan their own content, whole or cut', () => {
    fc.assert(
      fc.property(cutText, ({ value, cuts }) => {
        const scanned = rendered(fileOf(value), cuts);
        expect(rendered(fileOf(value, measureRuns(value)), cuts)).toEqual(scanned);
        // A piece asked for one run, then the other, remembers each under its own name.
        expect(rendered(fileOf(value), cuts, ['txt', 'md', 'custom'])).toEqual(scanned);
      }),
      { numRuns: 1500 },
    );
  });

  it('ignore runs measured on a text of another length', () => {
    const content = 'a\n```\n==== b\n';
    const stale = { length: content.length + 1, backticks: 9, equalsAtLineStart: 9 };
    expect(rendered(fileOf(content, stale), [])).toEqual(rendered(fileOf(content), []));
  });

  it('take the runs of a whole file without scanning it', () => {
    // Runs that overstate the content show which were used: only a whole file borrows them.
    const content = 'plain\ntext\n';
    const overstated = { length: content.length, backticks: 5, equalsAtLineStart: 6 };
    const whole = rendered(fileOf(content, overstated), []);
    expect(whole.md[0]).toContain('\n``````typescript\n');
    expect(whole.txt[0]).toContain('\n======= src/a.ts');
    expect(rendered(fileOf(content, overstated), [6]).md[0]).toContain('\n```typescript\n');
  });
});
