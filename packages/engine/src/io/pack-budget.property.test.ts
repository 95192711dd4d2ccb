// Packing to a budget, on random repositories and budgets, checked by tiktoken (a tokenizer the
// engine does not share code with) on the texts as written: overview plus every chunk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutputFormat } from '../config/options.js';
import type { Bundle } from '../core/assemble-bundle.js';
import { assertProperty } from '../core/chunk/test-support/assert-property.js';
import { createTiktokenCounter } from '../core/chunk/test-support/tiktoken-counter.js';
import { isEngineError } from '../errors.js';
import { packTree } from './pack.js';
import { openMemorySource } from './sources/memory-source.js';

const tiktoken = createTiktokenCounter('o200k_base');
const FIXED_TIME = () => new Date('2026-01-01T00:00:00Z');

/** Tokens of every output file as written. */
function writtenTokens(bundle: Bundle): number {
  return (
    tiktoken.count(bundle.overview.text) +
    bundle.chunks.reduce((sum, chunk) => sum + tiktoken.count(chunk.text), 0)
  );
}

/** A TypeScript file with doc comments, line comments and bodies: every level differs. */
const tsFileUpTo = (maxFunctions: number, maxBodyLines: number) =>
  fc
    .record({
      functions: fc.integer({ min: 1, max: maxFunctions }),
      bodyLines: fc.integer({ min: 1, max: maxBodyLines }),
      commentLines: fc.integer({ min: 0, max: 6 }),
      word: fc.constantFrom('invoice', 'billing', 'parser', 'render', 'queue', 'cache'),
    })
    .map(({ functions, bodyLines, commentLines, word }) => {
      const parts = [`import { helper } from './helper';\n`];
      for (let index = 0; index < functions; index++) {
        parts.push(
          `/**\n * ${word} step ${index}.\n${' * more words here\n'.repeat(commentLines)} */\n`,
        );
        parts.push(`export function ${word}Step${index}(value: number): number {\n`);
        for (let line = 0; line < bodyLines; line++) {
          parts.push(
            `  // ${word} comment ${line}\n  value = helper(value, ${line}) + ${index};\n`,
          );
        }
        parts.push('  return value;\n}\n\n');
      }
      return parts.join('');
    });
const tsFile = tsFileUpTo(6, 12);

const repository = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: tsFile.map((content) => ({ kind: 'ts', content })) },
      {
        weight: 1,
        arbitrary: fc
          .string({ minLength: 1, maxLength: 400 })
          .map((content) => ({ kind: 'md', content })),
      },
    ),
    { minLength: 1, maxLength: 24 },
  )
  .map((files) =>
    files.map((file, index) => ({
      path:
        file.kind === 'ts'
          ? `${index % 3 === 0 ? 'test' : 'src'}/m${String(index).padStart(2, '0')}.ts`
          : `docs/d${index}.md`,
      content: file.content,
    })),
  );

/**
 * Random repositories of small files plus one large declaration file, packed to a budget: at
 * least 95% of it used whenever the bundle is cut and no other file is over 5% of the budget.
 */
function fillsTheRoom() {
  // Declarations: signatures keep nearly all of this file, so it goes from whole to its path in
  // one large step, the way a big TypeScript declaration file does.
  const declarations = Array.from(
    { length: 300 },
    (_, index) =>
      `export declare function declared${index}(value: number, label: string): number;\n`,
  ).join('');
  return fc.asyncProperty(
    fc.array(tsFileUpTo(2, 3), { minLength: 40, maxLength: 70 }).map((contents) =>
      contents.map((content, index) => ({
        path: `${index % 4 === 0 ? 'test' : 'src'}/m${String(index).padStart(2, '0')}.ts`,
        content,
      })),
    ),
    fc.double({ min: 0.2, max: 0.95, noNaN: true }),
    fc.constantFrom<OutputFormat>('md', 'json', 'xml', 'csv'),
    async (random, share, outputFormat) => {
      const files = [{ path: 'src/aa-types.d.ts', content: declarations }, ...random];
      const options = { outputFormat, tokenLimit: 32_000 };
      const settings = { workers: 0, now: FIXED_TIME };
      const full = await packTree(openMemorySource('big', files), options, settings);
      const fullTokens = writtenTokens(full);
      const budget = Math.round(fullTokens * share);
      const largestOther = Math.max(
        ...full.files.filter((file) => file.path !== 'src/aa-types.d.ts').map((f) => f.tokens),
      );
      let bundle: Bundle;
      try {
        bundle = await packTree(
          openMemorySource('big', files),
          { ...options, tokenBudget: budget },
          settings,
        );
      } catch (error) {
        if (!isEngineError(error) || error.code !== 'BUDGET_TOO_SMALL') throw error;
        return;
      }
      const used = writtenTokens(bundle);
      expect(used).toBeLessThanOrEqual(budget);
      // Every other file's smallest step is at most its whole text, within 5% of the budget.
      // When every file fits whole there is nothing to fill: a budgeted overview is smaller
      // than an unbudgeted one, so the bundle can be under 95% of a budget near the full size.
      const isCut = (bundle.budget?.levels.full ?? files.length) < files.length;
      if (isCut && largestOther <= budget * 0.05)
        expect(used / budget).toBeGreaterThanOrEqual(0.95);
    },
  );
}

describe('packing to a token budget', () => {
  it('never exceeds the budget, and stops one step short of going over it', async () => {
    await assertProperty(
      fc.asyncProperty(
        repository,
        fc.double({ min: 0.05, max: 1.2, noNaN: true }),
        fc.constantFrom<OutputFormat>('md', 'txt', 'json', 'xml', 'csv', 'yaml'),
        async (files, share, outputFormat) => {
          const full = await packTree(
            openMemorySource('random', files),
            { outputFormat, tokenLimit: 32_000 },
            { workers: 0, now: FIXED_TIME },
          );
          const fullTokens = writtenTokens(full);
          const budget = Math.max(1, Math.round(fullTokens * share));
          let bundle: Bundle;
          try {
            bundle = await packTree(
              openMemorySource('random', files),
              { outputFormat, tokenLimit: 32_000, tokenBudget: budget },
              { workers: 0, now: FIXED_TIME },
            );
          } catch (error) {
            // Only when even every file listed by its path is over: the message names that size.
            if (!isEngineError(error) || error.code !== 'BUDGET_TOO_SMALL') throw error;
            const minimum = Number(/needs (\d+) tokens/.exec(error.message)?.[1]);
            expect(minimum).toBeGreaterThan(budget);
            return;
          }
          const used = writtenTokens(bundle);
          const report = bundle.budget;
          expect(report).toBeDefined();
          if (!report) return;
          expect(used).toBeLessThanOrEqual(budget);
          expect(report.used).toBe(used);
          // A budgeted bundle states its budget and levels in the overview, so it can be over a
          // budget the same files fit without one: compare with what the packer measured.
          if (report.levels.full === files.length) {
            expect(report.step_tokens).toBe(0);
          } else {
            // The bound: the bundle one degradation step less cut down was over the budget.
            expect(report.step_tokens).toBeGreaterThan(0);
            expect(used).toBeGreaterThan(budget - report.step_tokens);
          }
          // Whether everything fits whole is judged against a budgeted bundle of every file whole:
          // its overview is more compact than an unbudgeted one.
          const whole = await packTree(
            openMemorySource('random', files),
            { outputFormat, tokenLimit: 32_000, tokenBudget: fullTokens * 2 },
            { workers: 0, now: FIXED_TIME },
          );
          expect(whole.budget?.levels.full).toBe(files.length);
          if (writtenTokens(whole) > budget) expect(report.levels.full).toBeLessThan(files.length);
          for (const file of bundle.files) {
            expect(file.level).toBeDefined();
            expect(bundle.overview.text).toContain(file.level as string);
            if (file.level === 'path_only') expect(file.tokens).toBe(0);
          }
        },
      ),
      20,
    );
  }, 300_000);

  it('uses at least 95% of the budget when no single step is larger than 5% of it', async () => {
    // Many small files, so each degradation step saves little next to the budget.
    const files = Array.from({ length: 60 }, (_, index) => ({
      path: `src/f${String(index).padStart(2, '0')}.ts`,
      content: `// module ${index}\n${Array.from(
        { length: 6 },
        (_, fn) =>
          `/** step ${fn} of ${index} */\nexport function f${index}_${fn}(x: number): number {\n  // add\n  return x + ${fn};\n}\n`,
      ).join('\n')}`,
    }));
    const full = await packTree(
      openMemorySource('small', files),
      {},
      { workers: 0, now: FIXED_TIME },
    );
    const fullTokens = writtenTokens(full);
    for (const share of [0.5, 0.7, 0.9]) {
      const budget = Math.round(fullTokens * share);
      const bundle = await packTree(
        openMemorySource('small', files),
        { tokenBudget: budget },
        { workers: 0, now: FIXED_TIME },
      );
      const used = writtenTokens(bundle);
      expect(used).toBeLessThanOrEqual(budget);
      expect(bundle.budget?.step_tokens ?? 0).toBeLessThanOrEqual(budget * 0.05);
      expect(used / budget).toBeGreaterThanOrEqual(0.95);
    }
  }, 120_000);

  it('fills the room one large file leaves: at least 95% used when the others are small', async () => {
    await assertProperty(fillsTheRoom(), 12);
  }, 300_000);

  // Cases random seeds once found under 95%: files passed over and named in a json overview, the
  // first file back bringing a chunk and level lines, all taken as a scale on every later raise;
  // then a fill whose rounds, each halving its aim after coming out over, ran out at 94%.
  it.each([
    { seed: 723509093, runs: 3 },
    { seed: 835682254, runs: 16 },
  ])(
    'fills the room in the runs of seed $seed',
    async ({ seed, runs }) => {
      await assertProperty(fillsTheRoom(), runs, seed);
    },
    120_000,
  );

  it('writes the same bytes whatever the number of worker threads', async () => {
    const files = Array.from({ length: 30 }, (_, index) => ({
      path: `src/f${index}.ts`,
      content:
        `// comment ${index}\nexport function f${index}(): number {\n  return ${index};\n}\n`.repeat(
          1 + (index % 5),
        ),
    }));
    const options = { tokenBudget: 1800, focus: 'f7 f12' };
    const inline = await packTree(openMemorySource('same', files), options, {
      workers: 0,
      now: FIXED_TIME,
    });
    const pooled = await packTree(openMemorySource('same', [...files].reverse()), options, {
      workers: 2,
      now: FIXED_TIME,
    });
    expect(pooled.overview.text).toBe(inline.overview.text);
    expect(pooled.chunks.map((chunk) => chunk.text)).toEqual(
      inline.chunks.map((chunk) => chunk.text),
    );
    expect(inline.budget?.levels.path_only).toBeGreaterThan(0);
  }, 120_000);
});
