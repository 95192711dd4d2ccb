import { afterAll, describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { createCostMeasurer } from '../chunk/cost-model.js';
import { makeOutlinedFile } from '../chunk/test-support/plan-checks.js';
import { createTiktokenCounter } from '../chunk/test-support/tiktoken-counter.js';
import { getRenderer } from '../render/index.js';
import type { OutlineNode } from '../syntax/outline.js';
import { createNodeFit } from './node-fit.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());

// A minified line far longer than the limit, holding a small function and a large one.
const filler = (count: number) =>
  Array.from({ length: count }, (_, i) => `v${i}=[${i},"s${i}"];`).join('');
const small = `function small(a){return a+1}`;
const large = `function large(a){${filler(2000)}return a}`;
const content = `${filler(1000)}${small}${large}${filler(1000)}\n`;
const node = (text: string, name: string): OutlineNode => {
  const start = content.indexOf(text);
  return { start, end: start + text.length, kind: 'function_declaration', name, children: [] };
};
const smallNode = node(small, 'function small');
const largeNode = node(large, 'function large');
const file = makeOutlinedFile(counter, 'bundle.min.js', content, {
  grammar: 'javascript',
  nodes: [smallNode, largeNode],
  hasErrors: false,
});
const limit = 2000;

describe('createNodeFit', () => {
  it('prices a node inside a line longer than a chunk by its own text', () => {
    expect(file.tokens).toBeGreaterThan(5 * limit);
    const options = { ...resolveOptions({ chunkingStrategy: 'semantic' }), tokenLimit: limit };
    const measurer = createCostMeasurer({
      renderer: getRenderer('md'),
      counter,
      options,
      sourceName: 'demo',
    });
    const fits = createNodeFit(limit, [], [file], measurer.withLimit(limit, 0));
    // The whole line is far over the limit, but the small function alone is a few tokens.
    expect(fits(file, smallNode)).toBe(true);
    expect(fits(file, largeNode)).toBe(false);
  });

  it('takes a node priced within the limit as too large when it renders over it', () => {
    const options = { ...resolveOptions({ chunkingStrategy: 'semantic' }), tokenLimit: limit };
    const measurer = createCostMeasurer({
      renderer: getRenderer('yaml'),
      counter,
      options,
      sourceName: 'demo',
    });
    const model = measurer.withLimit(limit, 0);
    const asked: Array<{ start: number; end: number }> = [];
    const over = createNodeFit(limit, [], [file], {
      ...model,
      spanCost: (_file, span) => {
        asked.push({ start: span.start, end: span.end });
        return limit + 1;
      },
    });
    expect(over(file, smallNode)).toBe(false);
    // The exact count is asked for the node's own range, as the prices judged it.
    expect(asked).toEqual([{ start: smallNode.start, end: smallNode.end }]);
    expect(createNodeFit(limit, [], [file], model)(file, smallNode)).toBe(true);
    expect(
      createNodeFit(limit, [], [file], { ...model, spanCost: undefined })(file, smallNode),
    ).toBe(true);
  });

  it('without a cost model, prices part of a line pro rata', () => {
    const fits = createNodeFit(limit, [], [file], undefined);
    expect(fits(file, smallNode)).toBe(true);
    expect(fits(file, largeNode)).toBe(false);
  });
});
