import type { TokenizerName } from '@repobundle/contract/models';

/**
 * The tokenizers the counting workers can load: those whose vocabulary is a file the web app
 * bundles. Tekken's ships as a file its package does not export, and Gemma 3's count needs the
 * reference tokenizer too; their models stay estimated in the browser.
 */
const BROWSER_TOKENIZERS: readonly TokenizerName[] = [
  'o200k_base',
  'cl100k_base',
  'llama3',
  'qwen3',
  'deepseek_v3',
];

export function countsInBrowser(tokenizer: string): tokenizer is TokenizerName {
  return (BROWSER_TOKENIZERS as readonly string[]).includes(tokenizer);
}
