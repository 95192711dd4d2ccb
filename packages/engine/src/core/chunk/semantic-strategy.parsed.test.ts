// Integration: the semantic strategy on outlines from the real tree-sitter parser.
import { afterAll, describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { getTreeSitterParser } from '../../io/syntax/tree-sitter-parser.js';
import { createNodeFit } from '../analyze/node-fit.js';
import { judgeCuts } from '../analyze/judge-cuts.js';
import { getRenderer } from '../render/index.js';
import { fileOutline } from '../syntax/file-outline.js';
import { LONG_SPAN } from '../syntax/build-outline.js';
import type { ProcessedFile } from '../types.js';
import { chunkFiles } from './chunk-files.js';
import { createCostMeasurer } from './cost-model.js';
import { semanticStrategy } from './semantic-strategy.js';
import { isSyntaxBoundary } from './semantic-strategy-outline.js';
import { checkChunks } from './test-support/check-chunks.js';
import {
  assertLosslessPlan,
  cutsOf,
  makeOutlinedFile,
  splitFittingDefinitions,
} from './test-support/plan-checks.js';
import { createTiktokenCounter } from './test-support/tiktoken-counter.js';

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

/**
 * Chunks one file with the semantic strategy through the chunk stage (every chunk rendered and
 * counted) and judges the cuts as the analytics do.
 */
async function chunkOne(file: ProcessedFile, limit: number) {
  const options = { ...resolveOptions({ chunkingStrategy: 'semantic' }), tokenLimit: limit };
  const { chunks, costModel } = await chunkFiles([file], options, renderer, counter, {
    sourceName: 'demo',
  });
  checkChunks(chunks, [file], {
    limit,
    allowOverlap: false,
    isBoundary: (candidate, offset) => isSyntaxBoundary(candidate.outline?.nodes ?? [], offset),
  });
  const report = judgeCuts(chunks, [file], createNodeFit(limit, chunks, [file], costModel));
  const measurer = createCostMeasurer({ renderer, counter, options, sourceName: 'demo' });
  const plan = semanticStrategy.plan([file], measurer.withLimit(limit, 0));
  assertLosslessPlan(plan, [file]);
  return { chunks, report, cuts: cutsOf(plan, [file])[0] ?? [] };
}

/** Text made of parts, and the offsets between two parts (and at both ends). */
function joined(parts: readonly string[], separator = ''): { text: string; edges: number[] } {
  const edges = [0];
  let text = '';
  parts.forEach((part, index) => {
    if (index > 0) text += separator;
    text += part;
    edges.push(text.length);
  });
  return { text, edges };
}

describe('semantic chunking of lines longer than a chunk', () => {
  const statement = (i: number) =>
    i % 3 === 0
      ? `var v${i}=[${i},${i + 1},"s${i}"];`
      : `function f${i}(a,b){if(a>b){return a-b}for(var k=0;k<a;k++){b+=k*${i}}return b}`;

  it('cuts a minified line between statements, never inside a function that fits', async () => {
    const { text, edges } = joined(range(900).map(statement));
    const file = await parsed(
      'bundle.min.js',
      'javascript',
      `${text}
`,
    );
    const limit = 1500;
    expect(file.tokens).toBeGreaterThan(8 * limit);
    const { chunks, report, cuts } = await chunkOne(file, limit);
    expect(chunks.length).toBeGreaterThan(8);
    expect(cuts.length).toBeGreaterThan(7);
    for (const cut of cuts) expect(edges).toContain(cut);
    expect(report.onBoundary).toBe(report.edges);
    expect(report.splitDefinitions).toEqual([]);
    // Cuts between statements, not at a token boundary: chunks are still well filled.
    const used = chunks.slice(0, -1).map((chunk) => chunk.tokens / limit);
    expect(Math.min(...used)).toBeGreaterThan(0.8);
  });

  it('cuts a function too large for a chunk between its statements, on one line', async () => {
    const body = joined(range(400).map(statement)).text;
    const text = `var a=1;function huge(x){${body}return x}var b=2;
`;
    const file = await parsed('huge.min.js', 'javascript', text);
    const { report, cuts } = await chunkOne(file, 1200);
    expect(cuts.length).toBeGreaterThan(2);
    const inner = joined(range(400).map(statement)).edges.map(
      (edge) => edge + text.indexOf('{') + 1,
    );
    for (const cut of cuts) expect([text.indexOf('function huge'), ...inner]).toContain(cut);
    expect(report.onBoundary).toBe(report.edges);
  });

  it('cuts one-line JSON between pairs', async () => {
    const pairs = range(700).map(
      (i) => `"item${i}":{"id":${i},"tags":["a${i}","b"],"label":"entry number ${i}"}`,
    );
    const { text } = joined(pairs, ',');
    const file = await parsed(
      'api.min.json',
      'json',
      `{${text}}
`,
    );
    const limit = 1500;
    expect(file.tokens).toBeGreaterThan(8 * limit);
    const { report, cuts } = await chunkOne(file, limit);
    expect(cuts.length).toBeGreaterThan(7);
    for (const cut of cuts) {
      // Right after a pair (before its comma) or right before the next one.
      const content = file.content;
      const between = content.slice(cut - 1, cut + 1) === '},' || content.startsWith('"item', cut);
      expect(between, content.slice(cut - 20, cut + 20)).toBe(true);
    }
    expect(report.onBoundary).toBe(report.edges);
    expect(report.splitDefinitions).toEqual([]);
  });

  it('keeps whole a function that fits and ends inside a line longer than a chunk', async () => {
    const statements = range(30).map((i) => `  total += step(${i}, "part ${i}");`);
    const tail = joined(range(600).map(statement)).text;
    const text = `function keep(total) {\n${statements.join('\n')}\n  return total;\n}${tail}\n`;
    const file = await parsed('mixed.js', 'javascript', text);
    expect(text.length - text.indexOf('}function') - 1).toBeGreaterThan(LONG_SPAN);
    const { chunks, report } = await chunkOne(file, 1200);
    const end = text.indexOf('}function') + 1;
    const pieces = chunks.flatMap((chunk) => chunk.pieces);
    // The function is not cut, though the line it ends on is.
    expect(pieces.some((piece) => piece.content.includes(text.slice(0, end)))).toBe(true);
    expect(pieces.length).toBeGreaterThan(2);
    expect(report.onBoundary).toBe(report.edges);
    expect(report.splitDefinitions).toEqual([]);
  });
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
