import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import type { BundleOptions } from '../../config/options.js';
import { getTreeSitterParser } from '../../io/syntax/tree-sitter-parser.js';
import { processFile } from '../process-file.js';
import { loadTokenCounter } from '../tokens/index.js';
import { enabledTransforms } from '../transform/transform-pipeline.js';

const SOURCE = `// A note.
export class Foo {
  // inside
  bar() {
    return 1;
  }
}

function main() {
  return new Foo().bar();
}
`;

async function process(path: string, text: string, input: BundleOptions) {
  const options = resolveOptions(input);
  const counter = await loadTokenCounter(options.encoding);
  const bytes = new TextEncoder().encode(text);
  const outcome = await processFile(
    path,
    bytes,
    options,
    counter,
    enabledTransforms(options),
    getTreeSitterParser(),
  );
  if (!outcome.ok) throw new Error('skipped');
  return outcome.file;
}

describe('outline of processed files', () => {
  it('points into the final content: comments removed, line numbers added', async () => {
    const file = await process('src/foo.ts', SOURCE, {
      chunkingStrategy: 'semantic',
      removeComments: true,
      showLineNumbers: true,
    });
    expect(file.content.startsWith('1 | export class Foo {')).toBe(true);
    const [exported, main] = file.outline?.nodes ?? [];
    expect(file.content.slice(exported?.start, exported?.end)).toBe(
      'export class Foo {\n2 |   bar() {\n3 |     return 1;\n4 |   }\n5 | }',
    );
    expect(main?.name).toBe('function main');
    expect(file.content.slice(main?.start, main?.end).split('\n')[0]).toBe('function main() {');
    expect(file.notes).toEqual([]);
  });

  it('is computed for auto too, and only where a grammar ships', async () => {
    const auto = await process('a.py', 'def f():\n    return 1\n', { chunkingStrategy: 'auto' });
    expect(auto.outline?.nodes[0]?.name).toBe('function f');
    const noGrammar = await process('a.swift', 'func f() {}\n', { chunkingStrategy: 'auto' });
    expect(noGrammar.outline).toBeUndefined();
  });

  it('is not computed for strategies that do not read it', async () => {
    for (const chunkingStrategy of ['fixed', 'file_based'] as const) {
      const file = await process('src/foo.ts', SOURCE, { chunkingStrategy });
      expect(file.outline).toBeUndefined();
    }
  });
});
