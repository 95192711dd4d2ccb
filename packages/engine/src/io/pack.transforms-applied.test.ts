import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BundleOptions } from '../config/options.js';
import { openMemorySource } from './sources/index.js';
import { packTree } from './pack.js';
import {
  CREDENTIAL_SAMPLES,
  RandomText,
  createRng,
  secretOf,
} from '../core/transform/secrets/test-support/credential-samples.js';

const makeGithubToken = CREDENTIAL_SAMPLES['github-token'] as NonNullable<
  (typeof CREDENTIAL_SAMPLES)[string]
>;
/** A well-formed GitHub token for file `index`, the same on every run. */
const tokenFor = (index: number) =>
  secretOf(makeGithubToken(new RandomText(createRng(1000 + index))));

/**
 * Every requested transform reaches every file, whatever the number of threads and however many
 * files are in flight when a grammar is still loading: many small files are where a step that
 * runs concurrently on one thread shows its races.
 */
const oneLiners = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    path: `src/f${String(i).padStart(3, '0')}.js`,
    content: `const a${i} = 1; // trailing ${i}\n`,
  }));

describe('comment removal on many small files', () => {
  for (const workers of [0, 1, 2]) {
    for (const count of [6, 20, 300]) {
      it(`removes every comment of ${count} one-line files on ${workers} worker thread(s)`, async () => {
        const bundle = await packTree(
          openMemorySource('one-liners', oneLiners(count)),
          { removeComments: true },
          { workers },
        );
        expect(bundle.files).toHaveLength(count);
        const kept = bundle.files.filter((file) => file.content.includes('// trailing'));
        expect(kept.map((file) => file.path)).toEqual([]);
        expect(bundle.files.flatMap((file) => file.notes)).toEqual([]);
      });
    }
  }
});

/**
 * A file in one of several languages: code lines with a planted comment each, blank lines, and a
 * string holding a token (built from its format at run time, never a real credential).
 */
const LANGUAGES = [
  {
    extension: 'js',
    comment: '//',
    code: (i: number) => `let v${i} = ${i};`,
    secret: (v: string) => `const token = "${v}";`,
  },
  {
    extension: 'ts',
    comment: '//',
    code: (i: number) => `export const v${i}: number = ${i};`,
    secret: (v: string) => `export const token = "${v}";`,
  },
  {
    extension: 'py',
    comment: '#',
    code: (i: number) => `v${i} = ${i}`,
    secret: (v: string) => `token = "${v}"`,
  },
  {
    extension: 'go',
    comment: '//',
    code: (i: number) => `var v${i} = ${i}`,
    secret: (v: string) => `var token = "${v}"`,
  },
  {
    extension: 'rs',
    comment: '//',
    code: (i: number) => `static V${i}: i32 = ${i};`,
    secret: (v: string) => `static TOKEN: &str = "${v}";`,
  },
  {
    extension: 'c',
    comment: '/*',
    code: (i: number) => `int v${i} = ${i};`,
    secret: (v: string) => `const char *token = "${v}";`,
  },
] as const;

const commentText = (marker: string, tag: string) =>
  marker === '/*' ? `/* ${tag} */` : `${marker} ${tag}`;

const fileArbitrary = fc.record({
  language: fc.integer({ min: 0, max: LANGUAGES.length - 1 }),
  statements: fc.integer({ min: 1, max: 4 }),
  blankLines: fc.integer({ min: 0, max: 3 }),
});

describe('every requested transform applies to every file (property)', () => {
  it('holds for random sets of small files, options and thread counts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fileArbitrary, { minLength: 1, maxLength: 60 }),
        fc.record({
          removeComments: fc.boolean(),
          removeBlankLines: fc.boolean(),
          showLineNumbers: fc.boolean(),
          redactSecrets: fc.boolean(),
          chunkingStrategy: fc.constantFrom('fixed', 'semantic', 'auto'),
        }),
        fc.constantFrom(0, 1, 2),
        async (specs, options, workers) => {
          const files = specs.map((spec, index) => {
            const language = LANGUAGES[spec.language] as (typeof LANGUAGES)[number];
            const tag = `planted-comment-${index}`;
            const lines: string[] = [];
            for (let s = 0; s < spec.statements; s++) {
              lines.push(
                `${language.code(index * 10 + s)} ${commentText(language.comment, `${tag}-${s}`)}`,
              );
              for (let b = 0; b < spec.blankLines; b++) lines.push('');
            }
            lines.push(language.secret(tokenFor(index)));
            return {
              path: `pkg/m${String(index).padStart(3, '0')}.${language.extension}`,
              content: `${lines.join('\n')}\n`,
            };
          });
          const bundleOptions: BundleOptions = { ...options, tokenLimit: 1_000_000 };
          const bundle = await packTree(openMemorySource('random', files), bundleOptions, {
            workers,
          });
          expect(bundle.files).toHaveLength(files.length);
          for (const file of bundle.files) {
            // Every language here has a grammar: syntax-aware chunking gets each file's outline.
            if (options.chunkingStrategy !== 'fixed') {
              expect(file.outline, file.path).toBeDefined();
              expect(file.notes, file.path).toEqual([]);
            }
            const lines = file.content.split('\n').slice(0, -1);
            if (options.removeComments) {
              expect(file.content, file.path).not.toContain('planted-comment');
              expect(file.notes, file.path).toEqual([]);
            } else {
              expect(file.content, file.path).toContain('planted-comment');
            }
            const token = tokenFor(Number(/m(\d+)\./.exec(file.path)?.[1]));
            if (options.redactSecrets) {
              expect(file.content, file.path).not.toContain(token);
              expect(file.content, file.path).toContain('[REDACTED:github-token]');
            } else {
              expect(file.content, file.path).toContain(token);
            }
            if (options.removeBlankLines) {
              const bodies = options.showLineNumbers
                ? lines.map((line) => line.replace(/^\s*\d+ \| ?/, ''))
                : lines;
              expect(
                bodies.filter((line) => line.trim() === ''),
                file.path,
              ).toEqual([]);
            }
            if (options.showLineNumbers) {
              lines.forEach((line, index) =>
                expect(line, file.path).toMatch(new RegExp(`^\\s*${index + 1} \\|`)),
              );
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
