import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import { getTreeSitterParser } from '../../../io/syntax/tree-sitter-parser.js';
import { languageOf } from '../../languages.js';
import { chooseGrammar } from '../../syntax/choose-grammar.js';
import { countSyntaxErrors } from '../../syntax/count-errors.js';
import { grammarOf } from '../../syntax/grammars.js';
import { compressTransform } from './compress-transform.js';

/**
 * Published code as it comes in the repository's own node_modules (npm packages): TypeScript,
 * TSX and JavaScript sources, the C scanners of the tree-sitter grammars, flatted's Python, Go
 * and PHP ports, HTML pages, style sheets and makefiles.
 */
const NODE_MODULES = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../../node_modules',
);
const MAX_BYTES = 200_000;

const SOURCES: readonly { folder: string; pattern: RegExp; count: number }[] = [
  { folder: '@tanstack/query-core/src', pattern: /\.ts$/, count: 20 },
  { folder: 'kysely/dist/esm/query-builder', pattern: /\.d\.ts$/, count: 15 },
  { folder: '@tanstack/react-query/src', pattern: /\.tsx$/, count: 5 },
  { folder: 'fastify/lib', pattern: /\.js$/, count: 25 },
  { folder: 'zod/v4/core', pattern: /\.js$/, count: 10 },
  { folder: 'tree-sitter-python/src', pattern: /scanner\.c$/, count: 1 },
  { folder: 'tree-sitter-javascript/src', pattern: /scanner\.c$/, count: 1 },
  { folder: 'tree-sitter-cpp/src', pattern: /scanner\.c$/, count: 1 },
  { folder: 'tree-sitter-go/src/tree_sitter', pattern: /\.h$/, count: 3 },
  { folder: 'flatted', pattern: /\.(py|go|php)$/, count: 3 },
  { folder: 'playwright-core/lib/vite', pattern: /\.(html|css)$/, count: 8 },
  { folder: 'delegates', pattern: /^Makefile$/, count: 1 },
  { folder: 'humanize-number', pattern: /^Makefile$/, count: 1 },
];

function filesIn(folder: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const info = statSync(path);
      if (info.isDirectory()) visit(path);
      else if (pattern.test(name) && info.size <= MAX_BYTES) found.push(path);
    }
  };
  visit(join(NODE_MODULES, folder));
  return found;
}

const parser = getTreeSitterParser();
const options = resolveOptions({ compress: true });

describe('compression of published files', () => {
  const files = SOURCES.flatMap(({ folder, pattern, count }) => {
    const found = filesIn(folder, pattern).slice(0, count);
    return [{ folder, found, count }];
  });

  it('finds the sample of every source', () => {
    for (const { folder, found, count } of files) {
      expect({ folder, files: found.length }).toEqual({ folder, files: count });
    }
  });

  for (const { folder, found } of files) {
    it(`${folder}: never adds a syntax error, and keeps a file it cannot compress whole`, async () => {
      for (const file of found) {
        const path = relative(NODE_MODULES, file);
        const text = readFileSync(file, 'utf8');
        const language = languageOf(path);
        const mapped = grammarOf(language);
        expect(mapped, path).toBeDefined();
        const grammar = await chooseGrammar(text, mapped!, parser);
        const before = countSyntaxErrors((await parser.parse(grammar, text))!.rootNode);
        const notes: string[] = [];
        const output = await compressTransform.apply(text, {
          name: path,
          language,
          options,
          note: (message) => notes.push(message),
          countRedaction: () => undefined,
          parser,
        });
        const after = countSyntaxErrors((await parser.parse(grammar, output))!.rootNode);
        expect(after, path).toBeLessThanOrEqual(before);
        if (before > 0) {
          expect(output, path).toBe(text);
          expect(notes, path).toEqual([
            `not compressed: the ${grammar} parse has ${before} syntax error(s)`,
          ]);
        } else {
          expect(notes, path).toEqual([]);
          expect(output.length, path).toBeLessThanOrEqual(text.length);
        }
      }
    });
  }
});
