import { createSyntaxStrategy } from './semantic-strategy.js';

/**
 * Per file: semantic where a grammar parsed the file without errors, else file_based (whole files
 * packed in order, a file larger than a chunk cut at line ends from a fresh chunk).
 */
export const autoStrategy = createSyntaxStrategy('auto', (file) =>
  file.outline && !file.outline.hasErrors ? file.outline.nodes : undefined,
);
