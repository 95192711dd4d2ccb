// The overview of a budgeted bundle counts against the budget: on a repository of many small
// files at a quarter of its size, it must leave the room to the code, so that nearly every
// definition keeps its signature.
import { describe, expect, it } from 'vitest';
import type { Bundle } from '../core/assemble-bundle.js';
import { createTiktokenCounter } from '../core/chunk/test-support/tiktoken-counter.js';
import { packTree } from './pack.js';
import { openMemorySource } from './sources/memory-source.js';

const tiktoken = createTiktokenCounter('o200k_base');
const FIXED_TIME = () => new Date('2026-01-01T00:00:00Z');
const FILES = 240;
const FUNCTIONS = 3;

/** Small modules, as in lodash: a doc comment, a body of a few lines, per function. */
const files = Array.from({ length: FILES }, (_, index) => {
  const name = `m${String(index).padStart(3, '0')}`;
  const functions = Array.from(
    { length: FUNCTIONS },
    (_, fn) =>
      `/**\n * Step ${fn} of module ${index}.\n * @param value the input\n */\n` +
      `export function ${name}Step${fn}(value: number): number {\n` +
      `  // adjust the value\n  let next = value * ${fn + 2} + ${index};\n` +
      `  for (let round = 0; round < ${fn + 3}; round++) {\n` +
      `    next = next > 100 ? next - 100 : next + round;\n` +
      `    if (next % 7 === 0) next = Math.floor(next / 7);\n  }\n` +
      `  return next;\n}\n`,
  );
  return {
    path: `src/${index % 2 === 0 ? 'core' : 'util'}/${name}.ts`,
    content: `import { base } from './base';\n\n${functions.join('\n')}`,
  };
});

function writtenTokens(bundle: Bundle): number {
  return (
    tiktoken.count(bundle.overview.text) +
    bundle.chunks.reduce((sum, chunk) => sum + tiktoken.count(chunk.text), 0)
  );
}

async function packAtShare(share: number, tokenLimit?: number) {
  const options = tokenLimit === undefined ? {} : { tokenLimit };
  const settings = { workers: 0, now: FIXED_TIME };
  const full = await packTree(openMemorySource('modules', files), options, settings);
  const budget = Math.round(writtenTokens(full) * share);
  const bundle = await packTree(
    openMemorySource('modules', files),
    { ...options, tokenBudget: budget },
    settings,
  );
  return { budget, bundle };
}

/** Definitions whose name is still in their file's text in the bundle. */
function definitionsKept(bundle: Bundle): number {
  let kept = 0;
  for (const file of bundle.files) {
    if (file.level === 'path_only') continue;
    const name = file.path.slice(file.path.lastIndexOf('/') + 1, -'.ts'.length);
    for (let fn = 0; fn < FUNCTIONS; fn++) {
      if (file.content.includes(`${name}Step${fn}(value: number): number`)) kept++;
    }
  }
  return kept / (FILES * FUNCTIONS);
}

describe('the overview of a budgeted bundle', () => {
  it('takes a small share of a tight budget and leaves nearly every signature in', async () => {
    const { budget, bundle } = await packAtShare(0.25);
    const used = writtenTokens(bundle);
    expect(used).toBeLessThanOrEqual(budget);
    expect(used / budget).toBeGreaterThanOrEqual(0.95);
    // A files table and a piece-by-piece chunk index took about a third of this budget.
    expect(tiktoken.count(bundle.overview.text)).toBeLessThanOrEqual(budget * 0.12);
    expect(definitionsKept(bundle)).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it("lists every file once, with its level's tag, its tokens and the chunks holding it", async () => {
    const { bundle } = await packAtShare(0.6, 32_000);
    expect(bundle.chunks.length).toBeGreaterThan(1);
    const tags = { full: 'F', no_comments: 'C', signatures: 'S', path_only: 'P' } as const;
    for (const file of bundle.files) {
      const name = file.path.slice(file.path.lastIndexOf('/') + 1);
      const tag = tags[file.level ?? 'full'];
      const lines = bundle.overview.text.split('\n').filter((line) => line.includes(` ${name}`));
      expect(lines).toHaveLength(1);
      if (file.level === 'path_only') {
        expect(lines[0]?.trim()).toBe(`${tag} ${name}`);
        continue;
      }
      const holding = bundle.chunks.filter((chunk) => chunk.text.includes(`\`${file.path}\``));
      const chunks = holding.map((chunk) => chunk.index);
      const range = chunks.length === 1 ? `${chunks[0]}` : `${chunks[0]}-${chunks.at(-1)}`;
      expect(lines[0]?.trim()).toBe(`${tag} ${name} ${file.tokens} [${range}]`);
    }
  }, 120_000);
});
