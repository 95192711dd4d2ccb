import { describe, expect, it } from 'vitest';
import { getTokenCounter, loadTokenCounter } from '../core/tokens/index.js';
import { openMemorySource } from './sources/index.js';
import { packTree } from './pack.js';

await loadTokenCounter('o200k_base');
const counter = getTokenCounter('o200k_base');

// Statements with no name to outline, as minified code has between its functions.
const statements = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}=[${i},"s${i}"];`).join('');

describe("a job's analytics on minified code", () => {
  it('size a definition that shares its line by its own text, not the whole line', async () => {
    const big = `function big(a){${statements('b', 6_000)}return a}`;
    const line = `${statements('x', 6_000)}${big}${statements('y', 6_000)}\n`;
    const bundle = await packTree(
      openMemorySource('minified', [{ path: 'bundle.min.js', content: line }]),
      { chunkingStrategy: 'semantic', tokenLimit: 32_000, respectGitignore: false },
      { workers: 0 },
    );
    const own = counter.count(big);
    expect(own).toBeGreaterThan(32_000);
    expect(counter.count(line)).toBeGreaterThan(2.5 * own);
    const oversized = bundle.analytics.suggestions.find((item) =>
      /larger than a chunk/.test(item.title),
    );
    const stated = /renders to about ([\d,]+) tokens/.exec(oversized?.description ?? '')?.[1];
    expect(oversized?.description).toContain('function big (lines 1-1)');
    // The rendered size of its own text (the chunks' wrappers add a little), not its line's.
    const size = Number(stated?.replaceAll(',', ''));
    expect(size).toBeGreaterThanOrEqual(own);
    expect(size).toBeLessThan(own * 1.2);
  });
});
