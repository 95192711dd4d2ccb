// Integration: the semantic strategy on outlines from the real tree-sitter parser.
import { afterAll, describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { getTreeSitterParser } from '../../io/syntax/tree-sitter-parser.js';
import { getRenderer } from '../render/index.js';
import { fileOutline } from '../syntax/file-outline.js';
import type { ProcessedFile } from '../types.js';
import { chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { semanticStrategy } from './semantic-strategy.js';
import { isSyntaxBoundary } from './semantic-strategy-outline.js';
import { checkChunks } from './testing/check-chunks.js';
import {
  assertLosslessPlan,
  makeOutlinedFile,
  splitFittingDefinitions,
} from './testing/plan-checks.js';
import { createTiktokenCounter } from './testing/tiktoken-counter.js';

const counter = createTiktokenCounter();
afterAll(() => counter.free());
const renderer = getRenderer('md');

async function parsed(path: string, language: string, content: string): Promise<ProcessedFile> {
  const outline = await fileOutline(content, language, getTreeSitterParser(), false);
  expect(outline?.hasErrors).toBe(false);
  return { ...makeOutlinedFile(counter, path, content, outline), language };
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

const typescript = `import { helper } from './helper.js';

/** A store of things. */
export class Store {
${range(8)
  .map(
    (i) => `  /** Adds item ${i}. */
  add${i}(value: number): number {
${range(6)
  .map((j) => `    const step${j} = helper(value, ${i * 10 + j}, "text with // not a comment");`)
  .join('\n')}
    return step0 + step5;
  }
`,
  )
  .join('\n')}}

export function main(): void {
  new Store().add0(1);
}
`;

const python = `import os


class Loader:
    """Loads things."""

${range(8)
  .map(
    (i) => `    def load_${i}(self, path):
${range(6)
  .map((j) => `        part_${j} = os.path.join(path, "${i}-${j}", "name with # hash")`)
  .join('\n')}
        return part_0
`,
  )
  .join('\n')}

def main():
    Loader().load_0(".")
`;

const go = `package store

import "fmt"

${range(10)
  .map(
    (i) => `// Get${i} returns value ${i}.
func Get${i}(key string) string {
${range(5)
  .map((j) => `\tpart${j} := fmt.Sprintf("%s-%d", key, ${i * 10 + j})`)
  .join('\n')}
\treturn part0 + part4
}
`,
  )
  .join('\n')}`;

describe('semantic chunking on real parses', () => {
  it.each([
    ['store.ts', 'typescript', typescript, 'class Store', 'method add'],
    ['loader.py', 'python', python, 'class Loader', 'method load_'],
    ['store.go', 'go', go, undefined, 'function Get'],
  ] as const)(
    '%s: cuts between definitions, none that fits split',
    async (path, language, content, outer, inner) => {
      const file = await parsed(path, language, content);
      const limit = Math.ceil(file.tokens / 3);
      const options = { ...resolveOptions({ chunkingStrategy: 'semantic' }), tokenLimit: limit };
      const measurer = createCostMeasurer({ renderer, counter, options, sourceName: 'demo' });
      const plan = semanticStrategy.plan([file], measurer.withLimit(limit, 0));
      assertLosslessPlan(plan, [file]);
      expect(plan.length).toBeGreaterThan(2);
      expect(splitFittingDefinitions(plan, [file], measurer.withLimit(limit, 0))).toEqual([]);

      const { chunks } = await chunkFiles([file], options, renderer, counter, {
        sourceName: 'demo',
      });
      checkChunks(chunks, [file], {
        limit,
        allowOverlap: false,
        isBoundary: (candidate, offset) => isSyntaxBoundary(candidate.outline?.nodes ?? [], offset),
      });
      const pieces = chunks.flatMap((chunk) => chunk.pieces);
      for (const piece of pieces.slice(1)) {
        // Every part but the first starts with a definition, or the comment introducing it.
        expect(piece.content.trimStart()).toMatch(/^(\/\*\* Adds item|\/\/ Get\d|def load_)/);
      }
      if (outer) expect(pieces.some((piece) => piece.context?.[0] === outer)).toBe(true);
      const named = outline(file).join('\n');
      expect(named).toContain(inner);
    },
  );
});

function outline(file: ProcessedFile): string[] {
  const names: string[] = [];
  const visit = (nodes: NonNullable<ProcessedFile['outline']>['nodes']) => {
    for (const node of nodes) {
      if (node.name) names.push(node.name);
      visit(node.children);
    }
  };
  visit(file.outline?.nodes ?? []);
  return names;
}
