import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReference } from '../reference-tokenizers.js';
import { assertBuilt, runCli } from './built-cli.js';

/** --token-budget, --fit, --reserve, --keep and --focus through the built CLI. */
let dir: string;
let project: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-budget-'));
  project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  await mkdir(join(project, 'test'), { recursive: true });
  for (let index = 0; index < 12; index++) {
    const functions = Array.from(
      { length: 8 },
      (_, fn) =>
        `/**\n * Step ${fn} of module ${index}: adds and logs.\n */\nexport function step${index}_${fn}(value: number): number {\n  // keep the value positive\n  const next = Math.abs(value) + ${fn};\n  console.log('step', next);\n  return next * ${index + 1};\n}\n`,
    );
    await writeFile(join(project, 'src', `mod${index}.ts`), functions.join('\n'));
    await writeFile(
      join(project, 'test', `mod${index}.test.ts`),
      `import { step${index}_0 } from '../src/mod${index}';\n// checks\nexport const ok = step${index}_0(1) > 0;\n`,
    );
  }
  await writeFile(
    join(project, 'src', 'invoice.ts'),
    `/** Invoice totals. */\nexport function invoiceTotal(lines: number[]): number {\n  // sum the lines\n  return lines.reduce((a, b) => a + b, 0);\n}\n`.repeat(
      6,
    ),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Summary {
  readonly budget?: {
    readonly tokens: number;
    readonly used: number;
    readonly counted_limit: number;
    readonly source: string;
    readonly reserve_tokens?: number;
    readonly step_tokens: number;
    readonly levels: Record<string, number>;
  };
  readonly model?: { readonly id: string };
  readonly file_levels?: readonly { path: string; level: string; reason: string }[];
}

async function writtenTexts(out: string): Promise<string[]> {
  const chunks = (await readdir(join(out, 'chunks'))).sort();
  return [
    await readFile(join(out, 'overview.md'), 'utf8'),
    ...(await Promise.all(chunks.map((name) => readFile(join(out, 'chunks', name), 'utf8')))),
  ];
}

describe('repobundle pack with a token budget', () => {
  it('fits the whole bundle in the budget, counted by the model tokenizer', async () => {
    const out = join(dir, 'out-llama');
    const budget = 3000;
    const run = await runCli([
      'pack',
      project,
      '-o',
      out,
      '--model',
      'llama-3.1',
      '--token-budget',
      String(budget),
      '--json',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Summary;
    expect(summary.model?.id).toBe('llama-3.1');
    expect(summary.budget).toMatchObject({ tokens: budget, counted_limit: budget });
    const count = await loadReference('llama3');
    const texts = await writtenTexts(out);
    const used = texts.reduce((sum, text) => sum + count(text), 0);
    expect(used).toBe(summary.budget?.used);
    expect(used).toBeLessThanOrEqual(budget);
    expect(used).toBeGreaterThan(budget - (summary.budget?.step_tokens ?? 0));
    // Every file has a level in --json; the overview's tree tags it, and its reason is a row
    // naming it or its level's row for every other file with that tag.
    expect(summary.file_levels).toHaveLength(25);
    const overview = texts[0] ?? '';
    const lines = overview.split('\n');
    const tags: Record<string, string> = {
      full: 'F',
      no_comments: 'C',
      signatures: 'S',
      path_only: 'P',
    };
    expect(overview).toContain('F full, C no_comments, S signatures, P path_only');
    for (const file of summary.file_levels ?? []) {
      const tag = tags[file.level] ?? '?';
      const name = file.path.split('/').pop() ?? '';
      // "S name 120": the tag, the name, then (unless listed by path only) its tokens.
      const tagged = lines
        .map((line) => line.trim())
        .some((line) => line === `${tag} ${name}` || line.startsWith(`${tag} ${name} `));
      expect(tagged, file.path).toBe(true);
      const reasons = lines.filter((line) => line.startsWith(`| ${file.level} | `));
      const named = reasons.some((line) => line.includes(`\`${file.path}\``));
      const shared = reasons.some((line) => line.includes(`, all others tagged ${tag} |`));
      expect(named || shared, file.path).toBe(true);
    }
    // Tests are cut down before the sources they test: the deepest cut falls on a test. (A
    // three-line test whose signatures would be no shorter keeps its comments-removed text.)
    const order = ['full', 'no_comments', 'signatures', 'path_only'];
    const deepest = (prefix: string) =>
      Math.max(
        ...(summary.file_levels ?? [])
          .filter((file) => file.path.startsWith(prefix))
          .map((file) => order.indexOf(file.level)),
      );
    expect(deepest('test/')).toBeGreaterThanOrEqual(deepest('src/'));
    expect(summary.budget?.levels.path_only).toBeGreaterThan(0);
  });

  it('degrades files matching --keep last and files relevant to --focus later', async () => {
    const out = join(dir, 'out-keep');
    const run = await runCli([
      'pack',
      project,
      '-o',
      out,
      '--token-budget',
      '4000',
      '--keep',
      'src/mod7.ts',
      '--focus',
      'invoice totals',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Summary;
    const levels = new Map(summary.file_levels?.map((file) => [file.path, file.level]));
    expect(levels.get('src/mod7.ts')).toBe('full');
    expect(levels.get('src/invoice.ts')).not.toBe('path_only');
    expect(levels.get('src/mod6.ts')).not.toBe('full');
    expect(summary.file_levels?.find((file) => file.path === 'src/mod7.ts')?.reason).toMatch(
      /^rank 1\/25: kept/,
    );
  });

  it('fits to the model window minus the reserve', async () => {
    const run = await runCli([
      'pack',
      project,
      '-o',
      join(dir, 'out-fit'),
      '--model',
      'gpt-4o',
      '--fit',
      '--reserve',
      '100000',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Summary;
    expect(summary.budget).toMatchObject({
      tokens: 28_000,
      source: 'fit_to_model',
      reserve_tokens: 100_000,
      step_tokens: 0,
    });
    expect(summary.budget?.levels.full).toBe(25);
  });

  it('fails with exit 1 naming the minimum when even paths only do not fit', async () => {
    const run = await runCli([
      'pack',
      project,
      '-o',
      join(dir, 'out-small'),
      '--token-budget',
      '50',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /The token budget of 50 is too small: .* needs \d+ tokens\. Use --token-budget \d+/,
    );
  });

  it.each([
    [['--fit'], /--fit\) needs a target model/],
    [
      ['--model', 'gpt-4o', '--fit', '--reserve', '128000'],
      /must be less than gpt-4o's context window/,
    ],
    [['--token-budget', '0'], /--token-budget must be at least 1 token/],
    [['--token-budget', 'lots'], /--token-budget must be a whole number/],
    [['--reserve', '10'], /--reserve\) goes with fit_to_model/],
    [['--model', 'gpt-4o', '--fit', '--token-budget', '9'], /both set the budget: give one/],
    [['--focus', ' '], /--focus needs some text/],
  ])('exits 2 for a bad combination: %j', async (flags, message) => {
    const run = await runCli(['pack', project, '-o', join(dir, 'out-bad'), ...flags]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
