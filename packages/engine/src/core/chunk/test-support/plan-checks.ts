// Test support only (imported by *.test.ts): checks on a strategy's plan, before rendering.
import type { OutlineNode, SyntaxOutline } from '../../syntax/outline.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import type { ProcessedFile } from '../../types.js';
import { computeLineStarts, lineAt } from '../line-index.js';
import type { ChunkCostModel, PlannedChunk } from '../strategy.js';
import { makeFile } from './make-file.js';

export function makeOutlinedFile(
  counter: TokenCounter,
  path: string,
  content: string,
  outline: SyntaxOutline | undefined,
): ProcessedFile {
  const file = makeFile(counter, path, content, 'typescript');
  return outline ? { ...file, outline } : file;
}

/**
 * Throws unless every file's spans run from 0 to its end in order without gaps or repeats, no
 * span is empty (but an empty file's one), and no chunk is empty.
 */
export function assertLosslessPlan(plan: readonly PlannedChunk[], files: readonly ProcessedFile[]) {
  const reached = files.map(() => -1);
  let lastFile = -1;
  for (const chunk of plan) {
    if (chunk.spans.length === 0) throw new Error('empty chunk');
    for (const span of chunk.spans) {
      const file = files[span.file];
      if (!file) throw new Error(`span names file ${span.file}`);
      if (span.file < lastFile) throw new Error(`file ${span.file} after file ${lastFile}`);
      lastFile = span.file;
      const expected = Math.max(reached[span.file] ?? 0, 0);
      if (span.start !== expected)
        throw new Error(`${file.path}: span at ${span.start}, expected ${expected}`);
      if (span.end <= span.start && file.content.length > 0)
        throw new Error(`${file.path}: empty span`);
      reached[span.file] = span.end;
    }
  }
  files.forEach((file, index) => {
    if (reached[index] !== file.content.length) throw new Error(`${file.path} is not complete`);
  });
}

/** Offsets where a file is cut (span ends other than the file's end), by file index. */
export function cutsOf(plan: readonly PlannedChunk[], files: readonly ProcessedFile[]): number[][] {
  const cuts = files.map((): number[] => []);
  for (const span of plan.flatMap((chunk) => chunk.spans)) {
    if (span.end < (files[span.file]?.content.length ?? 0)) cuts[span.file]?.push(span.end);
  }
  return cuts;
}

/** Named nodes with the names of the named nodes around them, outermost first. */
export function namedNodes(
  nodes: readonly OutlineNode[],
  around: readonly string[] = [],
): { node: OutlineNode; context: readonly string[] }[] {
  return nodes.flatMap((node) => {
    const inner = node.name === undefined ? around : [...around, node.name];
    const own = node.name === undefined ? [] : [{ node, context: around }];
    return [...own, ...namedNodes(node.children, inner)];
  });
}

/**
 * Definitions that fit a chunk alone (their lines as one piece with the names around them, priced
 * by the cost model) but that a planned cut splits, as "path: name".
 */
export function splitFittingDefinitions(
  plan: readonly PlannedChunk[],
  files: readonly ProcessedFile[],
  cost: ChunkCostModel,
): string[] {
  const cuts = cutsOf(plan, files);
  const found: string[] = [];
  files.forEach((file, index) => {
    if (!file.outline) return;
    const starts = computeLineStarts(file.content);
    for (const { node, context } of namedNodes(file.outline.nodes)) {
      const price =
        cost.chunkOverhead +
        cost.pieceOverhead(file) +
        (cost.contextOverhead?.(file, context) ?? 0) +
        cost.linesCost(file, lineAt(starts, node.start), lineAt(starts, node.end - 1) + 1);
      const isCut = (cuts[index] ?? []).some((cut) => node.start < cut && cut < node.end);
      if (price <= cost.limit && isCut) found.push(`${file.path}: ${node.name ?? node.kind}`);
    }
  });
  return found;
}
