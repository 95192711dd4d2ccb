// The built `repobundle` CLI as a child process, on a generated repository: chunks are packed
// next-fit (no two neighbours that fit together) whatever the strategy, and the syntax-aware
// strategies need not many more chunks than file_based.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkingStrategyName } from '../src/config/options.js';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '..', 'bin', 'repobundle.js');
const LIMIT = 32_000;

/** A small deterministic generator, so that a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** TypeScript with functions and classes, strings that JSON escapes, and some long lines. */
function source(next: () => number, functions: number, name: string): string {
  const parts: string[] = [`// ${name}: generated\n`, `import { helper } from "./helper";\n\n`];
  for (let index = 0; index < functions; index++) {
    const lines = 2 + Math.floor(next() * 30);
    const body: string[] = [];
    for (let line = 0; line < lines; line++) {
      const kind = next();
      if (kind < 0.1)
        body.push(`  const path${line} = "C:\\\\work\\\\${name}\\\\${line}\\t\\"quoted\\"";`);
      else if (kind < 0.13) body.push(`  const long${line} = [${'"é\\n", '.repeat(200)}];`);
      else body.push(`  const value${line} = helper(${line}, "${name}-${index}") * ${line + 1};`);
    }
    if (next() < 0.3) {
      parts.push(
        `export class C${index} {\n  method(): number {\n${body.join('\n')}\n  return 1;\n  }\n}\n\n`,
      );
    } else {
      parts.push(`export function f${index}(): number {\n${body.join('\n')}\n  return 0;\n}\n\n`);
    }
  }
  return parts.join('');
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'repobundle-packing-'));
  const next = random(7);
  const files: [string, string][] = [];
  for (let index = 0; index < 240; index++) {
    files.push([
      `src/mod${index % 12}/file${index}.ts`,
      source(next, 1 + Math.floor(next() * 8), `file${index}`),
    ]);
  }
  for (let index = 0; index < 4; index++) {
    files.push([`src/big/large${index}.ts`, source(next, 300 + index * 80, `large${index}`)]);
  }
  for (const [path, content] of files) {
    await mkdir(dirname(join(dir, 'repo', path)), { recursive: true });
    await writeFile(join(dir, 'repo', path), content);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Packs the repository with the CLI and returns the chunk token counts from the overview. */
async function chunkTokens(strategy: ChunkingStrategyName): Promise<number[]> {
  const out = join(dir, `out-${strategy}`);
  await run(process.execPath, [
    BIN,
    'pack',
    join(dir, 'repo'),
    '-o',
    out,
    '--output-format',
    'json',
    '--chunking-strategy',
    strategy,
    '--token-limit',
    String(LIMIT),
    '--json',
  ]);
  const overview = JSON.parse(await readFile(join(out, 'overview.json'), 'utf8')) as {
    chunks: { tokens: number }[];
  };
  return overview.chunks.map((chunk) => chunk.tokens);
}

describe('repobundle pack packs chunks next-fit', () => {
  const counts = new Map<ChunkingStrategyName, number>();

  it.each(['fixed', 'file_based', 'semantic', 'auto'] as const)(
    '%s: every chunk fits and no two neighbours would fit as one',
    async (strategy) => {
      const tokens = await chunkTokens(strategy);
      counts.set(strategy, tokens.length);
      expect(tokens.length).toBeGreaterThan(3);
      expect(Math.max(...tokens)).toBeLessThanOrEqual(LIMIT);
      // Merged, two chunks lose one chunk header: counts that add up to well under the limit
      // (the margin covers tokens that join differently) certainly fit together.
      const pairs = tokens
        .slice(1)
        .map((second, index) => [tokens[index] ?? 0, second] as const)
        .filter(([first, second]) => first + second <= LIMIT - 64);
      expect(pairs).toEqual([]);
    },
    120_000,
  );

  it('semantic and auto make at most 1.15 times the chunks of file_based', () => {
    const fileBased = counts.get('file_based') ?? 0;
    expect(fileBased).toBeGreaterThan(0);
    expect(counts.get('semantic')).toBeLessThanOrEqual(Math.floor(fileBased * 1.15));
    expect(counts.get('auto')).toBeLessThanOrEqual(Math.floor(fileBased * 1.15));
  });
});
