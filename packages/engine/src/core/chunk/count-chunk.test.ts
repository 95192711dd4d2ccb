import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS, resolveOptions } from '../../config/options.js';
import { getRenderer } from '../render/index.js';
import { getTokenCounter } from '../tokens/index.js';
import { loadRankTable } from '../tokens/rank-table.js';
import type { Chunk } from '../types.js';
import { recountChanged } from './count-chunk.js';
import { fileContent } from './testing/arbitraries.js';
import { assertProperty } from './testing/assert-property.js';

await loadRankTable('o200k_base');
const counter = getTokenCounter('o200k_base');
const TEMPLATE = `# {{source}}: chunk {{chunk.index}} of {{chunk.count}}
{{#each pieces}}
## {{path}} ({{lines}}{{#if is_split}}, {{part_label}}{{/if}})
{{fence}}{{language}}
{{content}}{{#unless ends_with_newline}}
{{/unless}}{{fence}}
{{/each}}
`;

/** Numbers a chunk's rendering depends on besides its content. */
const numbering: fc.Arbitrary<Numbering> = fc.record({
  index: fc.integer({ min: 1, max: 20_000 }),
  extra: fc.integer({ min: 0, max: 20_000 }),
  parts: fc.array(fc.tuple(fc.integer({ min: 1, max: 1500 }), fc.nat(1500)), {
    minLength: 3,
    maxLength: 3,
  }),
});

interface Numbering {
  readonly index: number;
  readonly extra: number;
  readonly parts: readonly (readonly [number, number])[];
}

function chunkOf(contents: readonly string[], numbers: Numbering): Chunk {
  return {
    index: numbers.index,
    pieces: contents.map((content, position) => {
      const [part, more] = numbers.parts[position] ?? [1, 0];
      return {
        path: `src/f${position}.ts`,
        language: 'typescript',
        startLine: 1,
        endLine: Math.max(content.split('\n').length, 1),
        part,
        partCount: part + more,
        content,
        offset: 0,
        startsOnBoundary: true,
        endsOnBoundary: true,
      };
    }),
  };
}

describe('recountChanged', () => {
  it.each(OUTPUT_FORMATS)(
    '%s: a chunk renumbered is counted exactly from its earlier rendering',
    async (format) => {
      const renderer = getRenderer(format, { template: TEMPLATE });
      const options = resolveOptions({ outputFormat: format, template: TEMPLATE });
      let recounted = 0;
      await assertProperty(
        fc.asyncProperty(
          // Real chunks are mostly content: pad the random files as a chunk would be filled.
          fc
            .array(fileContent, { minLength: 1, maxLength: 3 })
            .map((files) =>
              files.map((content) => `${'const filler = 1;\n'.repeat(60)}${content}`),
            ),
          numbering,
          numbering,
          async (contents, before, after) => {
            const render = (numbers: typeof before) =>
              renderer.renderChunk(chunkOf(contents, numbers), {
                sourceName: 'prop',
                totalChunks: numbers.index + numbers.extra,
                options,
              });
            const old = render(before);
            const text = render(after);
            const tokens = recountChanged({ text: old, tokens: counter.count(old) }, text, counter);
            if (tokens === undefined) return;
            recounted++;
            const exact = counter.count(text);
            if (tokens !== exact) throw new Error(`recounted ${tokens}, counted ${exact}`);
          },
        ),
        60,
      );
      // Renumbering is the common case: most renderings must take the short way. yaml writes
      // these random files (CRLF, control characters) double-quoted, and those mostly fall back
      // to a full count: there only exactness is checked.
      if (format !== 'yaml') expect(recounted).toBeGreaterThan(20);
    },
  );
});
