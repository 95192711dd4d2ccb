// The overview in every structured format parses with a standard parser and carries the same
// data: yaml gives back exactly what json does; xml and csv keep names and the tree intact.
import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { resolveOptions } from '../../config/options.js';
import { getRenderer } from './index.js';
import type { Overview } from './renderer.js';
import { renderTree } from './tree.js';
import { summarizeSecrets } from '../transform/secrets/secret-report.js';

const NAMES = [
  'a.ts',
  'b c.py',
  'q"uote',
  "it's",
  '#x',
  '- y',
  'k: v',
  'c,d',
  'é',
  '😀',
  'a&b<c>',
  'true',
  '1.5',
];

const overviewArbitrary: fc.Arbitrary<Overview> = fc
  .record({
    paths: fc.uniqueArray(
      fc
        .array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 })
        .map((parts) => parts.join('/')),
      { maxLength: 6 },
    ),
    description: fc.constantFrom(
      'binary file',
      'too large: 9,000,000 bytes',
      'line\nbreak',
      'say "hi"',
    ),
    includePatterns: fc.array(fc.constantFrom('src/**', '*.ts', '!x', '# c'), { maxLength: 3 }),
    sourceName: fc.constantFrom('repo', 'my repo.zip', 'a:b', '"q"'),
  })
  .map(({ paths, description, includePatterns, sourceName }) => {
    const files = paths.map((path, i) => ({
      path,
      language: 'typescript',
      lines: i + 1,
      tokens: 10 * (i + 1),
      chunks: [1, i + 1],
    }));
    return {
      source: { name: sourceName, kind: 'directory' },
      generatedAt: '2026-01-01T00:00:00.000Z',
      options: resolveOptions({ includePatterns, selectedPaths: paths.length ? paths : undefined }),
      statistics: {
        files: files.length,
        skippedFiles: 1,
        lines: 3,
        tokens: 30,
        chunks: 1,
        bytes: 99,
      },
      tree: renderTree(paths),
      files,
      chunks: [
        {
          index: 1,
          fileName: 'chunk-0001.json',
          tokens: 30,
          pieces: paths.map((path) => ({ path, startLine: 1, endLine: 2, part: 1, partCount: 2 })),
        },
      ],
      skipped: [{ path: 'x.png', reason: { kind: 'binary', by: 'extension' }, description }],
      redactions: paths.map((path) => ({ path, type: 'aws-access-key', count: 2 })),
      secrets: summarizeSecrets(
        paths.map((path, i) => ({
          path,
          secrets: [{ type: 'github-token', confidence: i % 2 ? 'low' : 'high', count: 2 }],
        })),
        includePatterns.length % 2 === 0,
      ),
      notes: paths.map((path) => ({ path, note: `comments kept: ${description}` })),
    } satisfies Overview;
  });

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  isArray: (name) => ['file', 'chunk', 'piece', 'redaction', 'option', 'value'].includes(name),
});

describe('overview formats', () => {
  it('yaml, xml and csv carry what json carries', () => {
    fc.assert(
      fc.property(overviewArbitrary, (overview) => {
        const json = JSON.parse(getRenderer('json').renderOverview(overview)) as Record<
          string,
          unknown
        >;
        expect(parseYaml(getRenderer('yaml').renderOverview(overview))).toEqual(json);
        expect(json.tree).toBe(overview.tree);

        const xml = getRenderer('xml').renderOverview(overview);
        expect(XMLValidator.validate(xml)).toBe(true);
        const parsed = xmlParser.parse(xml) as {
          overview: {
            tree: string;
            files: { file?: { path: string }[] };
            source: { name: string };
          };
        };
        expect(parsed.overview.tree).toBe(overview.tree);
        expect(parsed.overview.source.name).toBe(overview.source.name);
        expect((parsed.overview.files.file ?? []).map((file) => file.path)).toEqual(
          overview.files.map((file) => file.path),
        );

        const csv = getRenderer('csv').renderOverview(overview);
        const records = parseCsv(csv, { columns: true }) as Record<string, string>[];
        expect(records.find((record) => record.section === 'tree')?.value).toBe(overview.tree);
        expect(records.filter((r) => r.section === 'file').map((r) => r.name)).toEqual(
          overview.files.map((file) => file.path),
        );
        expect(records.find((r) => r.section === 'skipped')?.value).toBe(
          overview.skipped[0]?.description,
        );
      }),
      { numRuns: 25 },
    );
  });

  it('md and txt show every section, with "None." or "(none)" for empty lists', () => {
    const overview: Overview = {
      source: { name: 'r', kind: 'zip' },
      generatedAt: '2026-01-01T00:00:00.000Z',
      options: resolveOptions({ outputFormat: 'custom', template: '{{x}}' }),
      statistics: { files: 0, skippedFiles: 0, lines: 0, tokens: 0, chunks: 0, bytes: 0 },
      tree: '',
      files: [],
      chunks: [],
      skipped: [],
      redactions: [],
      secrets: summarizeSecrets([], false),
      notes: [],
    };
    const md = getRenderer('md').renderOverview(overview);
    for (const title of [
      'Statistics',
      'Options',
      'Directory tree',
      'Files',
      'Chunks',
      'Skipped files',
      'Likely secrets',
      'Likely secrets by file',
      'Redactions',
    ]) {
      expect(md).toContain(`## ${title}\n`);
    }
    expect(md).toContain('## Redactions\n\nNone.\n');
    expect(md).toContain('- Found: none\n');
    expect(md).toContain('- template: 5 characters\n');
    const txt = getRenderer('txt').renderOverview(overview);
    expect(txt).toContain('Skipped files\n  (none)\n');
  });

  it('shows names as code spans in md tables, with a pipe escaped so it cannot add a column', () => {
    const overview: Overview = {
      source: { name: 'r', kind: 'zip' },
      generatedAt: 't',
      options: resolveOptions({ excludePatterns: ['**/__snapshots__/**'] }),
      statistics: { files: 1, skippedFiles: 0, lines: 1, tokens: 1, chunks: 1, bytes: 1 },
      tree: 'a|b.ts',
      files: [
        { path: 'a|b.ts', language: 'typescript', lines: 1, tokens: 1, chunks: [1] },
        { path: 'pkg/__init__.py', language: 'python', lines: 1, tokens: 1, chunks: [1, 2, 3, 5] },
        { path: '`odd`', language: 'text', lines: 1, tokens: 1, chunks: [2] },
      ],
      chunks: [],
      skipped: [],
      redactions: [],
      secrets: summarizeSecrets([], false),
      notes: [],
    };
    const md = getRenderer('md').renderOverview(overview);
    expect(md).toContain('| `a\\|b.ts` | typescript | 1 | 1 | 1 |\n');
    expect(md).toContain('| `pkg/__init__.py` | python | 1 | 1 | 1-3, 5 |\n');
    expect(md).toContain('| `` `odd` `` | text | 1 | 1 | 2 |\n');
    expect(md).toContain('- exclude_patterns: `**/__snapshots__/**`\n');
  });
});
