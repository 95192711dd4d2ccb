import type { ChunkingStrategyName, ResolvedOptions } from '../../config/options.js';
import type { ProcessedFile, RenderedChunk } from '../types.js';
import type { ChunkingSuggestion } from './analytics.js';
import type { CutReport } from './judge-cuts.js';
import type { ChunkScores } from './score-chunks.js';

export interface SuggestInput {
  readonly chunks: readonly RenderedChunk[];
  readonly files: readonly ProcessedFile[];
  readonly options: ResolvedOptions;
  /** The strategy that ran. */
  readonly strategy: ChunkingStrategyName;
  readonly scores: ChunkScores;
  readonly cuts: CutReport;
}

export type Rule = (input: SuggestInput) => ChunkingSuggestion | undefined;

/** Rendered tokens per content token: wrappers and escaping make chunks larger than the files. */
export function renderRatio(
  chunks: readonly RenderedChunk[],
  files: readonly ProcessedFile[],
): number {
  const content = files.reduce((sum, file) => sum + file.tokens, 0);
  const consumed = chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
  return content === 0 ? 1 : Math.max(1, consumed / content);
}

/** A figure as the suggestions print it: with thousands separators, so 126110 reads 126,110. */
export function count(value: number): string {
  return value.toLocaleString('en-US');
}
