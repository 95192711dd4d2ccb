import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import type { ChunkingStrategyName } from '../../config/options.js';
import { resolveOptions } from '../../config/options.js';
import type { FormatRenderer } from '../render/renderer.js';
import { chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { fileSet } from './test-support/arbitraries.js';
import { assertProperty } from './test-support/assert-property.js';
import { checkChunks } from './test-support/check-chunks.js';
import { makeFile } from './test-support/make-file.js';
import {
  createEscapingTestRenderer,
  createVerbatimTestRenderer,
} from './test-support/test-renderer.js';
import { createTiktokenCounter } from './test-support/tiktoken-counter.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());

const renderers: [string, FormatRenderer][] = [
  ['verbatim', createVerbatimTestRenderer()],
  ['escaping', createEscapingTestRenderer()],
];
const strategies: ChunkingStrategyName[] = ['fixed', 'file_based'];

describe.each(renderers)('chunkFiles with a %s renderer', (_name, renderer) => {
  it.each(strategies)(
    '%s: every chunk fits, files join back in order, overlap is bounded',
    async (strategy) => {
      await assertProperty(
        fc.asyncProperty(
          fileSet,
          fc.nat(1500),
          fc.integer({ min: 0, max: 500 }),
          async (contents, extra, share) => {
            const files = contents.map((content, index) =>
              makeFile(counter, `src/f${index}.ts`, content, 'typescript'),
            );
            const base = resolveOptions({ chunkingStrategy: strategy });
            const measurer = createCostMeasurer({
              renderer,
              counter,
              options: base,
              sourceName: 'prop',
            });
            const limit = measurer.minimumLimit(files) + extra;
            const overlap = strategy === 'fixed' ? Math.floor((limit * share) / 1000) : 0;
            const options = { ...base, tokenLimit: limit, chunkOverlap: overlap };
            const { chunks } = await chunkFiles(files, options, renderer, counter, {
              sourceName: 'prop',
            });
            checkChunks(chunks, files, {
              limit,
              allowOverlap: strategy === 'fixed',
              overlap,
              cost: measurer.withLimit(limit, overlap),
            });
            if (files.length === 0 && chunks.length > 0)
              throw new Error('no files must give no chunks');
          },
        ),
        25,
      );
    },
  );
});
