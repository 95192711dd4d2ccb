import { afterAll, describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { createCostMeasurer } from '../chunk/cost-model.js';
import { makeOutlinedFile } from '../chunk/test-support/plan-checks.js';
import { createTiktokenCounter } from '../chunk/test-support/tiktoken-counter.js';
import { getRenderer } from '../render/index.js';
import type { OutlineNode } from '../syntax/outline.js';
import { lineStartsOf } from '../chunk/line-index.js';
import { createNodeFit, definitionLines } from './node-fit.js';

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

describe('definitionLines', () => {
  it('counts a definition inside a long line by its share of the line', () => {
    const { first, last, tokens } = definitionLines(file, lineStartsOf(file), smallNode);
    expect([first, last]).toEqual([0, 0]);
    expect(tokens).toBe(Math.ceil((file.tokens * small.length) / content.length));
  });

  it('counts a definition on lines of its own by their counts', () => {
    const text = 'const a = 1;\nfunction f(x) {\n  return x * 2;\n}\nconst b = 2;\n';
    const start = text.indexOf('function');
    const end = text.indexOf('}') + 1;
    const own = makeOutlinedFile(counter, 'f.js', text, {
      grammar: 'javascript',
      nodes: [{ start, end, kind: 'function_declaration', name: 'function f', children: [] }],
      hasErrors: false,
    });
    const node = own.outline?.nodes[0];
    if (!node) throw new Error('no node');
    const lines = definitionLines(own, lineStartsOf(own), node);
    // Lines 1 to 3, all but the last line break (which the node does not cover).
    const whole = (own.linePrefix[4] ?? 0) - (own.linePrefix[1] ?? 0);
    expect(lines).toMatchObject({ first: 1, last: 3 });
    expect(lines.tokens).toBeLessThanOrEqual(whole);
    expect(lines.tokens).toBeGreaterThanOrEqual(whole - 1);
  });
});
