import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import type { ChunkingStrategyName } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import { createNodeFit } from '../analyze/node-fit.js';
import { judgeCuts } from '../analyze/judge-cuts.js';
import { getRenderer } from '../render/index.js';
import type { FormatRenderer } from '../render/renderer.js';
import type { ProcessedFile } from '../types.js';
import { chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { getChunkStrategy } from './registry.js';
import { isSyntaxBoundary } from './semantic-strategy-outline.js';
import { assertProperty } from './test-support/assert-property.js';
import { checkChunks } from './test-support/check-chunks.js';
import { outlinedSource } from './test-support/outlined-arbitraries.js';
import type { OutlinedSource } from './test-support/outlined-arbitraries.js';
import { fileContent } from './test-support/arbitraries.js';
import {
  assertLosslessPlan,
  makeOutlinedFile,
  splitFittingDefinitions,
} from './test-support/plan-checks.js';
import { createTiktokenCounter } from './test-support/tiktoken-counter.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());

/** Sources with outlines (some with parse errors), and plain files without one. */
const fileSet = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(outlinedSource, fc.boolean()).map(([source, hasErrors]) => ({
        content: source.content,
        outline: { ...source.outline, hasErrors },
      })),
    },
    { weight: 1, arbitrary: fileContent.map((content) => ({ content, outline: undefined })) },
  ),
  { maxLength: 4 },
);

/** Limits above the minimum: mostly a few hundred tokens, sometimes barely above it. */
const extraTokens = fc.oneof(
  { weight: 1, arbitrary: fc.nat(40) },
  { weight: 4, arbitrary: fc.integer({ min: 40, max: 2500 }) },
);

const renderers: [string, FormatRenderer][] = [
  ['md', getRenderer('md')],
  ['json', getRenderer('json')],
];
const strategies: ChunkingStrategyName[] = ['semantic', 'auto'];

describe.each(renderers)('%s', (_name, renderer) => {
  it.each(strategies)(
    '%s: lossless, every chunk fits as rendered, no definition that fits is cut',
    async (strategy) => {
      await assertProperty(
        fc.asyncProperty(fileSet, extraTokens, async (sources, extra) => {
          const files: ProcessedFile[] = sources.map((source, index) =>
            makeOutlinedFile(counter, `src/f${index}.ts`, source.content, source.outline),
          );
          const base = resolveOptions({ chunkingStrategy: strategy });
          const measurer = createCostMeasurer({
            renderer,
            counter,
            options: base,
            sourceName: 'p',
          });
          const limit = measurer.minimumLimit(files) + extra;
          const cost = measurer.withLimit(limit, 0);

          const plan = getChunkStrategy(strategy).strategy.plan(files, cost);
          assertLosslessPlan(plan, files);
          // auto cuts a file with parse errors by lines: only the other outlines are promises.
          const followed = files.map((file) =>
            strategy === 'auto' && file.outline?.hasErrors ? { ...file, outline: undefined } : file,
          );
          const split = splitFittingDefinitions(plan, followed, cost);
          if (split.length > 0) throw new Error(`definitions cut in two: ${split.join(', ')}`);

          const { chunks } = await chunkFiles(
            files,
            { ...base, tokenLimit: limit },
            renderer,
            counter,
            {
              sourceName: 'p',
            },
          );
          checkChunks(chunks, files, {
            limit,
            allowOverlap: false,
            isBoundary: (file, offset) =>
              file.outline !== undefined &&
              file.outline.nodes.length > 0 &&
              (strategy === 'semantic' || !file.outline.hasErrors) &&
              isSyntaxBoundary(file.outline.nodes, offset),
          });
        }),
        25,
      );
    },
  );
});

/**
 * A generated source written on one line (every line break a space, offsets unchanged), so that
 * definitions and statements nest inside a line far longer than a chunk, as in minified code.
 */
function renderOneLine(source: OutlinedSource): OutlinedSource {
  return { content: `${source.content.replace(/[\r\n]/g, ' ')}\n`, outline: source.outline };
}

describe.each(renderers)('%s, one-line sources', (_name, renderer) => {
  it('semantic: lossless, every chunk fits, no definition that fits is cut, even inside a line', async () => {
    await assertProperty(
      fc.asyncProperty(
        fc.array(outlinedSource, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 150, max: 1500 }),
        async (sources, extra) => {
          const files = sources.map((source, index) => {
            const { content, outline } = renderOneLine(source);
            return makeOutlinedFile(counter, `src/m${index}.min.js`, content, outline);
          });
          const base = resolveOptions({ chunkingStrategy: 'semantic' });
          const measurer = createCostMeasurer({
            renderer,
            counter,
            options: base,
            sourceName: 'p',
          });
          const limit = measurer.minimumLimit(files) + extra;
          const plan = getChunkStrategy('semantic').strategy.plan(
            files,
            measurer.withLimit(limit, 0),
          );
          assertLosslessPlan(plan, files);
          const options = { ...base, tokenLimit: limit };
          const { chunks, costModel } = await chunkFiles(files, options, renderer, counter, {
            sourceName: 'p',
          });
          checkChunks(chunks, files, {
            limit,
            allowOverlap: false,
            isBoundary: (file, offset) => isSyntaxBoundary(file.outline?.nodes ?? [], offset),
          });
          const report = judgeCuts(chunks, files, createNodeFit(limit, chunks, files, costModel));
          const split = report.splitDefinitions.map((item) => `${item.path}: ${item.name}`);
          if (split.length > 0) throw new Error(`definitions cut in two: ${split.join(', ')}`);
        },
      ),
      // Fewer runs than above: every cut inside a line tokenizes the rest of it (test counter).
      20,
    );
  });
});
