import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { ChunkingStrategyName, OutputFormat } from '../../config/options.js';
import { OUTPUT_FORMATS, resolveOptions } from '../../config/options.js';
import { getRenderer } from '../render/index.js';
import { getTokenCounter } from '../tokens/index.js';
import { chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { fileSet } from './test-support/arbitraries.js';
import { assertProperty } from './test-support/assert-property.js';
import { checkChunks } from './test-support/check-chunks.js';
import { makeFile } from './test-support/make-file.js';
import { loadRankTable } from '../tokens/rank-table.js';

// The vocabularies load asynchronously, once per test file.
await Promise.all([loadRankTable('o200k_base'), loadRankTable('cl100k_base')]);

const TEMPLATE = `# {{source}}: chunk {{chunk.index}} of {{chunk.count}}
{{#each pieces}}
## {{path}} ({{lines}}{{#if is_split}}, {{part_label}}{{/if}})
{{fence}}{{language}}
{{content}}{{#unless ends_with_newline}}
{{/unless}}{{fence}}
{{/each}}
`;

const counter = getTokenCounter('o200k_base');
const strategies: ChunkingStrategyName[] = ['fixed', 'file_based'];
const cases = OUTPUT_FORMATS.flatMap((format) =>
  strategies.map((strategy): [OutputFormat, ChunkingStrategyName] => [format, strategy]),
);

// The same guarantees as chunk-files.property.test.ts, through the real renderers and tokenizer.
describe('chunkFiles over the real formats', () => {
  it.each(cases)(
    '%s, %s: every chunk fits as rendered and files join back',
    async (format, strategy) => {
      const renderer = getRenderer(format, { template: TEMPLATE });
      await assertProperty(
        fc.asyncProperty(
          fileSet,
          fc.nat(1500),
          fc.integer({ min: 0, max: 500 }),
          async (contents, extra, perMille) => {
            const files = contents.map((content, index) =>
              makeFile(counter, `src/f${index}.ts`, content, 'typescript'),
            );
            const base = {
              ...resolveOptions({
                chunkingStrategy: strategy,
                outputFormat: format,
                template: TEMPLATE,
              }),
            };
            const measurer = createCostMeasurer({
              renderer,
              counter,
              options: base,
              sourceName: 'prop',
            });
            const limit = measurer.minimumLimit(files) + extra;
            const overlap = strategy === 'fixed' ? Math.floor((limit * perMille) / 1000) : 0;
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
            for (const chunk of chunks) {
              if (chunk.tokens !== counter.count(chunk.text))
                throw new Error(`chunk ${chunk.index}: stale token count`);
            }
          },
        ),
        6,
      );
    },
  );
});
