import { describe, expect, it } from 'vitest';
import { fileStageOptions, resolveOptions } from './options.js';

describe('fileStageOptions', () => {
  it('keeps what the file stage reads and drops the selection and the template', () => {
    const resolved = resolveOptions({
      outputFormat: 'custom',
      template: '{{#each chunk.pieces}}{{content}}{{/each}}',
      selectedPaths: Array.from({ length: 5000 }, (_, i) => `src/file-${i}.ts`),
      includePatterns: ['src/**'],
      removeComments: true,
      compress: true,
      redactSecrets: true,
      customSecretPatterns: ['ACME-[0-9]{8}'],
      showLineNumbers: true,
      chunkingStrategy: 'semantic',
      encoding: 'cl100k_base',
    });
    expect(fileStageOptions(resolved)).toEqual({
      chunkingStrategy: 'semantic',
      removeComments: true,
      keepLicenseHeader: false,
      compress: true,
      removeBlankLines: false,
      showLineNumbers: true,
      redactSecrets: true,
      customSecretPatterns: ['ACME-[0-9]{8}'],
      notebookProcessing: false,
      encoding: 'cl100k_base',
      maxFileBytes: 5 * 1024 * 1024,
    });
  });
});
