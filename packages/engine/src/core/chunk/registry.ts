import type { ChunkingStrategyName } from '../../config/options.js';
import { fileBasedStrategy } from './file-based-strategy.js';
import { fixedStrategy } from './fixed-strategy.js';
import type { ChunkStrategy } from './strategy.js';

/** The strategies that exist. Adding one is one line here. */
const STRATEGIES: Partial<Record<ChunkingStrategyName, ChunkStrategy>> = {
  fixed: fixedStrategy,
  file_based: fileBasedStrategy,
};

/** What a requested strategy runs as until it exists (semantic and auto come with syntax support). */
const STAND_INS: Partial<Record<ChunkingStrategyName, ChunkingStrategyName>> = {
  semantic: 'file_based',
  auto: 'file_based',
};

export interface ResolvedStrategy {
  readonly strategy: ChunkStrategy;
  /** Set when the requested strategy is not built yet and a stand-in runs instead. */
  readonly note?: string;
}

export function getChunkStrategy(name: ChunkingStrategyName): ResolvedStrategy {
  const strategy = STRATEGIES[name];
  if (strategy) return { strategy };
  const standIn = STAND_INS[name];
  const fallback = standIn ? STRATEGIES[standIn] : undefined;
  if (!standIn || !fallback) throw new Error(`no chunking strategy registered for ${name}`);
  return {
    strategy: fallback,
    note: `Chunking strategy "${name}" is not available yet; "${standIn}" was used instead.`,
  };
}

/** The strategy that actually runs for a requested name. */
export function effectiveStrategyName(name: ChunkingStrategyName): ChunkingStrategyName {
  return getChunkStrategy(name).strategy.name;
}
