import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS, resolveOptions } from '../../config/options.js';
import { getRenderer } from '../render/index.js';
import { getTokenCounter } from '../tokens/index.js';
import { loadRankTable } from '../tokens/rank-table.js';
import type { Chunk, ProcessedFile } from '../types.js';
import type { PlannedSpan } from './strategy.js';
import { computeLineStarts } from './line-index.js';
import { countBySegments, recountChanged, recountSegments } from './count-chunk.js';
import { makeFile } from './test-support/make-file.js';
import { fileContent } from './test-support/arbitraries.js';
import { assertProperty } from './test-support/assert-property.js';

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

describe('recountSegments', () => {
  // The formats whose renderers give segments: content verbatim (md, txt) or escaped.
  it.each(['md', 'txt', 'json', 'xml'] as const)(
    '%s: a chunk renumbered is counted exactly from its earlier segments',
    async (format) => {
      const renderer = getRenderer(format, {});
      const options = resolveOptions({ outputFormat: format });
      let recounted = 0;
      await assertProperty(
        fc.asyncProperty(
          fc.array(fileContent, { minLength: 1, maxLength: 3 }),
          numbering,
          numbering,
          async (contents, before, after) => {
            const render = (numbers: typeof before) =>
              renderer.renderChunkSegments!(chunkOf(contents, numbers), {
                sourceName: 'prop',
                totalChunks: numbers.index + numbers.extra,
                options,
              });
            const old = render(before);
            const segments = render(after);
            const previous = { segments: old, tokens: counter.count(old.join('')) };
            const tokens = recountSegments(previous, segments, counter);
            if (tokens === undefined) return;
            recounted++;
            const exact = counter.count(segments.join(''));
            if (tokens !== exact) throw new Error(`recounted ${tokens}, counted ${exact}`);
          },
        ),
        60,
      );
      // Numbers and labels stand on lines of their own: renumbering takes this way, unless a
      // random file puts blank space or a missing final newline next to a changed wrapper. In
      // json and xml a piece's labels share a line with the start of its content: only the lines
      // that changed are judged, not the content after them.
      expect(recounted).toBeGreaterThan(15);
    },
  );

  it('gives up where a changed wrapper joins the text before it', () => {
    // A number right after a content ending in a digit: "x1" then "5" or "123" is pre-tokenized
    // across the junction, so the wrappers' own counts do not tell the change.
    const old = ['', 'value = x1', '5\n'];
    const segments = ['', 'value = x1', '123\n'];
    const previous = { segments: old, tokens: counter.count(old.join('')) };
    const tokens = recountSegments(previous, segments, counter);
    if (tokens !== undefined) expect(tokens).toBe(counter.count(segments.join('')));
    expect(tokens).toBeUndefined();
    // The same change after a line break is counted from the wrappers.
    const lines = (number: string) => ['', 'value = x1\n', `${number}\n`];
    const counted = recountSegments(
      { segments: lines('5'), tokens: counter.count(lines('5').join('')) },
      lines('123'),
      counter,
    );
    expect(counted).toBe(counter.count(lines('123').join('')));
  });

  it('gives up where a content differs', () => {
    const renderer = getRenderer('md', {});
    const options = resolveOptions({ outputFormat: 'md' });
    const numbers = { index: 1, extra: 1, parts: [] };
    const context = { sourceName: 's', totalChunks: 2, options };
    const old = renderer.renderChunkSegments!(chunkOf(['a = 1;\n'], numbers), context);
    const segments = renderer.renderChunkSegments!(chunkOf(['a = 2;\n'], numbers), context);
    const previous = { segments: old, tokens: counter.count(old.join('')) };
    expect(recountSegments(previous, segments, counter)).toBeUndefined();
    expect(recountSegments(previous, old, counter)).toBe(previous.tokens);
  });
});

describe('countBySegments', () => {
  /** Wrapper, file, wrapper, file, ... wrapper, as a chunk renders whole files. */
  function segmentsOf(contents: readonly string[], wrapper: (index: number) => string) {
    const files = contents.map((content, index) => makeFile(counter, `f${index}.txt`, content));
    const segments: string[] = [wrapper(0)];
    const spans = files.map((file, index) => {
      segments.push(file.content, wrapper(index + 1));
      return {
        file: index,
        start: 0,
        end: file.content.length,
        startsOnBoundary: true,
        endsOnBoundary: true,
      };
    });
    return { files, segments, spans };
  }

  /**
   * countBySegments with its queued texts counted: the total, the exact count, those texts.
   * `verbatim` false: the bodies are escaped, not the files' own content.
   */
  function countSegments(
    files: readonly ProcessedFile[],
    segments: readonly string[],
    spans: readonly PlannedSpan[],
    verbatim = true,
  ) {
    const texts: string[] = [];
    const { known, pending } = countBySegments(
      segments,
      spans,
      files,
      (file) => computeLineStarts(file.content),
      counter,
      texts,
      verbatim,
    );
    const queued = pending.map((index) => texts[index]!);
    const total = known + queued.reduce((sum, text) => sum + counter.count(text), 0);
    return { total, exact: counter.count(segments.join('')), texts: queued };
  }

  function countWith(contents: readonly string[], wrapper: (index: number) => string) {
    const { files, segments, spans } = segmentsOf(contents, wrapper);
    const { total, exact, texts } = countSegments(files, segments, spans);
    return { total, exact, recounted: texts.reduce((sum, text) => sum + text.length, 0) };
  }

  it('is exact for files that start or end with blank space next to their wrappers', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom('', '\n', '  ', '\n\n  ', '\t'), fileContent, fc.boolean()),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom('\n', '', '\n```\n', ' '),
        (pieces, edge) => {
          const contents = pieces.map(
            ([lead, body, newline]) => lead + body + (newline ? '\n' : ''),
          );
          const { total, exact } = countWith(contents, (index) => `${edge}## file ${index}\n`);
          expect(total).toBe(exact);
        },
      ),
      { numRuns: 200 },
    );
  });

  /** Pieces of files cut at the given offsets (any offset, inside lines too), with wrappers. */
  function countPieces(
    contents: readonly string[],
    cuts: readonly (readonly [number, number])[],
    wrapper: (index: number) => string,
  ) {
    const files = contents.map((content, index) => makeFile(counter, `f${index}.txt`, content));
    const segments: string[] = [wrapper(0)];
    const spans = files.map((file, index) => {
      const [from, to] = cuts[index] ?? [0, 1];
      const length = file.content.length;
      const start = Math.floor(from * length);
      const end = Math.max(start, Math.ceil(to * length));
      segments.push(file.content.slice(start, end), wrapper(index + 1));
      return { file: index, start, end, startsOnBoundary: false, endsOnBoundary: false };
    });
    return countSegments(files, segments, spans);
  }

  it('is exact for pieces cut anywhere in their files', () => {
    const share = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fileContent, share, share), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('\n', '', '\n```\n', ' ', '\n=== End ===\n'),
        (pieces, edge) => {
          const contents = pieces.map(([content]) => content);
          const cuts = pieces.map(([, a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
          const { total, exact } = countPieces(contents, cuts, (i) => `${edge}## file ${i}\n`);
          expect(total).toBe(exact);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(['json', 'xml', 'yaml', 'csv'] as const)(
    '%s: is exact for escaped bodies, counted apart from the chunk',
    async (format) => {
      const renderer = getRenderer(format, {});
      const options = resolveOptions({ outputFormat: format });
      await assertProperty(
        fc.asyncProperty(
          fc.array(fileContent, { minLength: 1, maxLength: 4 }),
          numbering,
          async (contents, numbers) => {
            const padded = contents.map((content) => `${'let filler = 1;\n'.repeat(40)}${content}`);
            const chunk = chunkOf(padded, numbers);
            const segments = renderer.renderChunkSegments!(chunk, {
              sourceName: 'prop',
              totalChunks: numbers.index + numbers.extra,
              options,
            });
            // The files' own counts are at hand, as in a run: they must not be taken for the
            // escaped bodies' counts.
            const files = padded.map((content, index) =>
              makeFile(counter, `f${index}.ts`, content),
            );
            const spans = files.map((file, index) => ({
              file: index,
              start: 0,
              end: file.content.length,
              startsOnBoundary: true,
              endsOnBoundary: true,
            }));
            const { total, exact, texts } = countSegments(files, segments, spans, false);
            expect(total).toBe(exact);
            // What goes to the threads is parts of bodies, never the chunk joined whole.
            for (const text of texts) expect(text.length).toBeLessThan(segments.join('').length);
          },
        ),
        60,
      );
    },
  );

  it('counts a piece cut inside a line as it stands, not copied into one text with its wrappers', () => {
    // A minified file split across chunks: its pieces start and end inside its one long line, so
    // their counts are not known and each junction with a wrapper is unclean.
    const line = Array.from({ length: 20_000 }, (_, index) => `a${index}=f(b${index % 9});`).join(
      '',
    );
    const { total, exact, texts } = countPieces(
      [line, line],
      [
        [0.1, 0.6],
        [0.3, 0.9],
      ],
      (index) => `\n=== file ${index} ===\n`,
    );
    expect(total).toBe(exact);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).not.toContain('===');
  });

  it('recounts only the lines next to unclean junctions, not whole files', () => {
    // Every file starts with blank space (its first junction is not clean) and has no final
    // newline (nor is its last): before, such a chunk was merged into one text, recounted whole,
    // and copied in full at every join.
    const body = 'export const value = compute(input);\n'.repeat(2000);
    const contents = Array.from({ length: 40 }, (_, index) => `\n  // file ${index}\n${body}end()`);
    const { total, exact, recounted } = countWith(contents, (index) => `\n## file ${index}\n`);
    expect(total).toBe(exact);
    const size = contents.reduce((sum, content) => sum + content.length, 0);
    expect(recounted).toBeLessThan(size / 100);
  });

  it('recounts only the end of a one-line file without a final newline (a source map)', () => {
    const mappings = Array.from({ length: 4000 }, (_, index) => `AAAA,CAAC${index % 7};`).join('');
    const contents = Array.from(
      { length: 6 },
      (_, index) => `{"version":3,"file":"f${index}.js","mappings":"${mappings}","names":["x"]}`,
    );
    const { total, exact, recounted } = countWith(
      contents,
      (index) => '\n```\n## f' + index + '\n```json\n',
    );
    expect(total).toBe(exact);
    const size = contents.reduce((sum, content) => sum + content.length, 0);
    expect(recounted).toBeLessThan(size / 100);
  });

  it('recounts only the start of a file that opens with a blank line and a comment', () => {
    // "```javascript\n" + "\n/*": the line breaks run across the junction, and o200k lets
    // punctuation swallow "\n/", so the cut is judged with the wrapper's letters before it.
    const body = 'export const value = compute(input);\n'.repeat(2000);
    const contents = Array.from({ length: 20 }, () => `\n/*\n * License\n */\n${body}`);
    const { total, exact, recounted } = countWith(contents, () => '```\n```javascript\n');
    expect(total).toBe(exact);
    const size = contents.reduce((sum, content) => sum + content.length, 0);
    expect(recounted).toBeLessThan(size / 100);
  });
});
