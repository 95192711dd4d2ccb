import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModel, modelsResponseSchema } from '@repobundle/contract/models';
import { loadReference } from '../reference-tokenizers.js';
import { assertBuilt, runCli } from './built-cli.js';

/** --model and `repobundle models`, through the built CLI as a child process. */
let dir: string;
let project: string;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-model-'));
  project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  await writeFile(
    join(project, 'src', 'server.py'),
    'def handle(request):\n    """Answer 42."""\n    return {"answer": 42, "items": [1, 22, 333, 4444]}\n',
  );
  const body = Array.from({ length: 1400 }, (_, i) => `export const value${i} = ${i * 7};`);
  await writeFile(join(project, 'src', 'values.ts'), `${body.join('\n')}\n`);
  await writeFile(
    join(project, 'README.md'),
    '# Große Übung\n\nCafé, naïve, 日本語 and emoji 😀.\n',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface JsonSummary {
  readonly tokens: number;
  readonly outputTokens: number;
  readonly model?: {
    readonly id: string;
    readonly tokenizer: string;
    readonly context_window: number;
    readonly exact: boolean;
    readonly tokens: number;
    readonly error_band: number | null;
    readonly fits: boolean | null;
  };
}

async function packJson(name: string, args: readonly string[]) {
  const out = join(dir, name);
  const result = await runCli(['pack', project, '-o', out, '--json', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return { out, summary: JSON.parse(result.stdout) as JsonSummary };
}

async function chunkTexts(out: string): Promise<string[]> {
  const names = (await readdir(join(out, 'chunks'))).sort();
  return Promise.all(names.map((name) => readFile(join(out, 'chunks', name), 'utf8')));
}

describe('repobundle models', () => {
  it('prints every model with its tokenizer, window and exactness', async () => {
    const result = await runCli(['models']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+name\s+tokenizer\s+context window\s+count$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^gpt-4o\s+GPT-4o\s+o200k_base\s+128,000\s+exact$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^gpt-4\s+GPT-4\s+cl100k_base\s+8,192\s+exact$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^llama-3\.1\s.*\sllama3\s.*\sexact$/));
    expect(lines).toContainEqual(expect.stringMatching(/^gemini-2\.5-pro\s.*\sgemma3\s.*\sexact$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^claude-sonnet-4\s.*\s200,000\s+estimated, \+\/-\d+%$/),
    );
  });

  it('prints the same table as JSON with --json', async () => {
    const result = await runCli(['models', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { models } = modelsResponseSchema.parse(JSON.parse(result.stdout));
    expect(models.find((model) => model.id === 'claude-sonnet-4')).toMatchObject({
      exact: false,
      context_window: 200_000,
      error_band: expect.any(Number),
    });
    expect(models.find((model) => model.id === 'deepseek-v3')?.tokenizer).toBe('deepseek_v3');
  });
});

describe('pack --model', () => {
  it.each([
    ['llama-3.1', 'llama3'],
    ['qwen3', 'qwen3'],
    ['mistral-nemo', 'tekken'],
    ['gemini-2.5-pro', 'gemma3'],
  ] as const)(
    'counts %s exactly with %s, chunks as written',
    async (id, tokenizer) => {
      const { out, summary } = await packJson(`out-${id}`, ['--model', id]);
      const reference = await loadReference(tokenizer);
      const chunks = await chunkTexts(out);
      const written = chunks.reduce((sum, text) => sum + reference(text), 0);
      expect(summary.outputTokens).toBe(written);
      expect(summary.model).toEqual({
        id,
        name: findModel(id)?.name,
        tokenizer,
        context_window: findModel(id)?.context_window,
        exact: true,
        tokens: written,
        error_band: null,
        fits: true,
      });
      const files = ['README.md', 'src/server.py', 'src/values.ts'];
      const texts = await Promise.all(files.map((file) => readFile(join(project, file), 'utf8')));
      expect(summary.tokens).toBe(texts.reduce((sum, text) => sum + reference(text), 0));
    },
    // Gemma 3's data takes seconds to load, in the CLI and here.
    120_000,
  );

  it('says when the bundle does not fit the window, in the summary and the overview', async () => {
    const out = join(dir, 'out-gpt-4');
    const result = await runCli(['pack', project, '-o', out, '--model', 'gpt-4']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^Model: GPT-4 \(cl100k_base\): [\d,]+ tokens; does not fit the 8,192-token window$/m,
    );
    const overview = await readFile(join(out, 'overview.md'), 'utf8');
    expect(overview).toContain('- Target model: GPT-4 (gpt-4), tokenizer cl100k_base\n');
    expect(overview).toContain('- Context window: 8192\n');
    expect(overview).toContain('- Fit: does not fit the 8,192-token window\n');
    expect(overview).toContain('- target_model: gpt-4\n');
  });

  it('estimates Claude from o200k_base and states the band, never as exact', async () => {
    const plain = await packJson('out-o200k', []);
    const { out, summary } = await packJson('out-claude', ['--model', 'claude-sonnet-4']);
    const model = findModel('claude-sonnet-4');
    if (model === undefined || model.exact) throw new Error('claude-sonnet-4 must be estimated');
    expect(summary.outputTokens).toBe(plain.summary.outputTokens);
    expect(summary.model).toMatchObject({
      exact: false,
      tokens: Math.round(plain.summary.outputTokens * model.ratio),
      error_band: model.error_band,
      fits: true,
    });
    const overview = await readFile(join(out, 'overview.md'), 'utf8');
    // Markdown shows the value as a code span: a bare "~" may start a strikethrough.
    expect(overview).toMatch(/^- Model tokens: `~[\d,]+ tokens, \+\/-\d+%`$/m);
    const text = await runCli([
      'pack',
      project,
      '-o',
      join(dir, 'out-claude-text'),
      '--model',
      'claude-sonnet-4',
    ]);
    expect(text.stderr).toMatch(
      /^Model: Claude Sonnet 4 \(claude, estimated\): ~[\d,]+ tokens, \+\/-\d+%; fits the 200,000-token window$/m,
    );
  });

  it('leaves the summary and overview without a model when none is named', async () => {
    const { out, summary } = await packJson('out-none', []);
    expect(summary.model).toBeUndefined();
    expect(await readFile(join(out, 'overview.md'), 'utf8')).not.toContain('Target model');
  });

  it('takes targetModel from the config file', async () => {
    const config = join(dir, 'model.config.json');
    await writeFile(config, '{ "targetModel": "deepseek-v3" }');
    const { summary } = await packJson('out-config', ['--config', config]);
    expect(summary.model?.tokenizer).toBe('deepseek_v3');
  });

  it('refuses an unknown model and a contradicting --encoding (exit 2)', async () => {
    const unknown = await runCli(['pack', project, '--model', 'gpt-2']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^repobundle: --model must be one of gpt-4o, .*; got "gpt-2"\.\n$/,
    );
    const clash = await runCli([
      'pack',
      project,
      '--model',
      'llama-3.1',
      '--encoding',
      'cl100k_base',
    ]);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toBe(
      'repobundle: --model llama-3.1 counts with llama3; leave out --encoding cl100k_base.\n',
    );
  });
});
