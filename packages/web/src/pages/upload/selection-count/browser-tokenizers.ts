import type { TokenizerName } from '@repobundle/contract/models';

/**
 * The tokenizers the counting workers can load: every public one, its data a file the web app
 * bundles (load-browser-counter.ts).
 */
const BROWSER_TOKENIZERS: readonly TokenizerName[] = [
  'o200k_base',
  'cl100k_base',
  'llama3',
  'qwen3',
  'deepseek_v3',
  'tekken',
  'gemma3',
];

export function countsInBrowser(tokenizer: string): tokenizer is TokenizerName {
  return (BROWSER_TOKENIZERS as readonly string[]).includes(tokenizer);
}
