import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '../config/options.js';
import { openMemorySource } from './sources/index.js';
import { packTree } from './pack.js';

const HEADER =
  'Repository of the billing service.\nReview for bugs: "quotes", <tags> & commas, too.';
const INSTRUCTION = 'List every function that can throw.\nAnswer in English.';
const files = Array.from({ length: 12 }, (_, i) => ({
  path: `src/m${i}.ts`,
  content: `${Array.from({ length: 700 }, (_, line) => `export const v${i}_${line} = ${line};`).join('\n')}\n`,
}));

/** The header text and instructions open the overview and every chunk, in each format's structure. */
describe('header text and instructions', () => {
  for (const format of OUTPUT_FORMATS) {
    it(`are in the overview and every chunk of ${format}, within the token limit`, async () => {
      const bundle = await packTree(openMemorySource('repo', files), {
        outputFormat: format,
        tokenLimit: 32_000,
        headerText: HEADER,
        instructionText: INSTRUCTION,
        ...(format === 'custom' && {
          template: '{{header_text}}\n{{instruction}}\n{{#each pieces}}{{content}}{{/each}}',
        }),
      });
      expect(bundle.chunks.length).toBeGreaterThan(1);
      for (const chunk of bundle.chunks) {
        expect(chunk.tokens).toBeLessThanOrEqual(32_000);
        const text = chunk.text;
        switch (format) {
          case 'json': {
            const parsed = JSON.parse(text);
            expect([parsed.header_text, parsed.instruction]).toEqual([HEADER, INSTRUCTION]);
            break;
          }
          case 'yaml': {
            const parsed = parseYaml(text);
            expect([parsed.header_text, parsed.instruction]).toEqual([HEADER, INSTRUCTION]);
            break;
          }
          case 'xml': {
            const parsed = new XMLParser({ ignoreAttributes: false }).parse(text);
            expect([parsed.chunk.header_text, parsed.chunk.instruction]).toEqual([
              HEADER,
              INSTRUCTION,
            ]);
            break;
          }
          case 'csv': {
            const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
            expect(rows.slice(0, 2).map((row) => [row.path, row.context, row.content])).toEqual([
              ['', 'header_text', HEADER],
              ['', 'instruction', INSTRUCTION],
            ]);
            break;
          }
          default:
            expect(text.indexOf(HEADER)).toBeGreaterThanOrEqual(0);
            expect(text.indexOf(INSTRUCTION)).toBeGreaterThan(text.indexOf(HEADER));
            expect(text.indexOf(INSTRUCTION)).toBeLessThan(text.indexOf('export const'));
        }
      }
      if (format === 'json') {
        const overview = JSON.parse(bundle.overview.text);
        expect([overview.header_text, overview.instruction]).toEqual([HEADER, INSTRUCTION]);
      } else if (format !== 'custom' && format !== 'xml' && format !== 'csv') {
        expect(bundle.overview.text).toContain('Review for bugs');
      }
    });
  }
});
