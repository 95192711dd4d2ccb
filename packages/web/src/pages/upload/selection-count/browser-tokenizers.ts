import { TOKENIZERS, type TokenizerName } from '@repobundle/contract/models';

/**
 * Whether the counting workers can load this tokenizer: every public one can, its data a file
 * the web app bundles (load-browser-counter.ts); a model without a public tokenizer (an
 * estimate) cannot.
 */
export function countsInBrowser(tokenizer: string): tokenizer is TokenizerName {
  return (TOKENIZERS as readonly string[]).includes(tokenizer);
}
