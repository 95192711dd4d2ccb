// Golden files: one chunk and one overview per format, compared byte for byte.
// Regenerate with `UPDATE_GOLDEN=1 npx vitest run packages/engine/src/core/render/golden.test.ts`
// and review the diff.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS, resolveOptions } from '../../config/options.js';
import type { Chunk } from '../types.js';
import { getRenderer } from './index.js';
import type { Overview } from './renderer.js';
import { renderTree } from './tree.js';
import { summarizeSecrets } from '../transform/secrets/secret-report.js';

const fixtures = new URL('../../../test/fixtures/render/', import.meta.url);
const expectedDir = fileURLToPath(new URL('expected/', fixtures));
const template = readFileSync(new URL('input/template.hbs', fixtures), 'utf8');
const isUpdating = process.env.UPDATE_GOLDEN === '1';

const options = resolveOptions({
  outputFormat: 'md',
  showLineNumbers: true,
  removeComments: true,
  redactSecrets: true,
  tokenLimit: 32_000,
  excludePatterns: ['**/*.snap'],
});

/** The middle of a file split in three (with line numbers, as the transform writes them), and a whole small file without a final newline. */
const chunk: Chunk = {
  index: 2,
  pieces: [
    {
      path: 'src/server/app.ts',
      language: 'typescript',
      startLine: 120,
      endLine: 124,
      part: 2,
      partCount: 3,
      content:
        '120 |   listen(port: number): void {\n' +
        '121 |     const banner = `ready on ${port}`; // "quoted" & <tagged>\n' +
        '122 |     log(banner, { token: "[REDACTED:github-token]" });\n' +
        '123 |     this.server.listen(port);\n' +
        '124 |   }\n',
      startsOnBoundary: true,
      endsOnBoundary: true,
      context: ['class App'],
    },
    {
      path: 'config/settings.yml',
      language: 'yaml',
      startLine: 1,
      endLine: 3,
      part: 1,
      partCount: 1,
      content: '1 | # settings\n2 | name: demo\n3 | port: 8080',
      startsOnBoundary: true,
      endsOnBoundary: true,
    },
  ],
};

const files = [
  {
    path: 'src/server/app.ts',
    language: 'typescript',
    lines: 310,
    tokens: 2900,
    chunks: [1, 2, 3],
  },
  { path: 'src/index.ts', language: 'typescript', lines: 12, tokens: 80, chunks: [1] },
  { path: 'config/settings.yml', language: 'yaml', lines: 3, tokens: 20, chunks: [2] },
];

const overview: Overview = {
  source: { name: 'demo-repo', kind: 'zip' },
  generatedAt: '2026-11-22T12:00:00.000Z',
  options,
  statistics: { files: 3, skippedFiles: 2, lines: 325, tokens: 3000, chunks: 3, bytes: 12_345 },
  tree: renderTree(files.map((file) => file.path)),
  files,
  chunks: [
    {
      index: 1,
      fileName: 'chunk-0001.md',
      tokens: 1500,
      pieces: [
        { path: 'src/index.ts', startLine: 1, endLine: 12, part: 1, partCount: 1 },
        { path: 'src/server/app.ts', startLine: 1, endLine: 119, part: 1, partCount: 3 },
      ],
    },
    {
      index: 2,
      fileName: 'chunk-0002.md',
      tokens: 1300,
      pieces: [
        { path: 'src/server/app.ts', startLine: 120, endLine: 124, part: 2, partCount: 3 },
        { path: 'config/settings.yml', startLine: 1, endLine: 3, part: 1, partCount: 1 },
      ],
    },
    {
      index: 3,
      fileName: 'chunk-0003.md',
      tokens: 900,
      pieces: [{ path: 'src/server/app.ts', startLine: 125, endLine: 310, part: 3, partCount: 3 }],
    },
  ],
  skipped: [
    {
      path: 'assets/logo.png',
      reason: { kind: 'binary', by: 'extension' },
      description: 'binary file (by extension)',
    },
    {
      path: 'data/dump.json',
      reason: { kind: 'too-large', size: 9_000_000, limit: 5_242_880 },
      description: 'too large: 9,000,000 bytes, limit 5,242,880',
    },
  ],
  redactions: [{ path: 'src/server/app.ts', type: 'github-token', count: 1 }],
  secrets: summarizeSecrets(
    [
      {
        path: 'src/server/app.ts',
        secrets: [{ type: 'github-token', confidence: 'high', count: 1 }],
      },
      {
        path: 'config/key.pem',
        secrets: [{ type: 'private-key-file', confidence: 'low', count: 1 }],
      },
    ],
    true,
  ),
  notes: [{ path: 'config/settings.yml', note: 'comments kept: the yaml parser gave no tree' }],
};

function compareWithGolden(name: string, actual: string): void {
  const file = `${expectedDir}${name}`;
  if (isUpdating || !existsSync(file)) {
    if (!isUpdating) throw new Error(`missing golden file ${name}; run with UPDATE_GOLDEN=1`);
    mkdirSync(expectedDir, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('golden output', () => {
  for (const format of OUTPUT_FORMATS) {
    const renderer = getRenderer(format, { template });
    const suffix = format === 'custom' ? 'custom.txt' : renderer.extension;
    it(`${format} chunk`, () => {
      const text = renderer.renderChunk(chunk, {
        sourceName: 'demo-repo',
        totalChunks: 3,
        options,
      });
      compareWithGolden(`chunk-0002.${suffix}`, text);
    });
    it(`${format} overview`, () => {
      compareWithGolden(`overview.${suffix}`, renderer.renderOverview(overview));
    });
  }
});
