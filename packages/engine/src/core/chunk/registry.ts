import type { ChunkingStrategyName } from '../../config/options.js';
import { autoStrategy } from './auto-strategy.js';
import { fileBasedStrategy } from './file-based-strategy.js';
import { fixedStrategy } from './fixed-strategy.js';
import { semanticStrategy } from './semantic-strategy.js';
import type { ChunkStrategy } from './strategy.js';

/** The strategies that exist. Adding one is one line here. */
const STRATEGIES: Record<ChunkingStrategyName, ChunkStrategy> = {
  fixed: fixedStrategy,
  file_based: fileBasedStrategy,
  semantic: semanticStrategy,
  auto: autoStrategy,
};

export interface ResolvedStrategy {
  readonly strategy: ChunkStrategy;
  /** Set when the requested strategy runs as another one (none does today). */
  readonly note?: string;
}

export function getChunkStrategy(name: ChunkingStrategyName): ResolvedStrategy {
  return { strategy: STRATEGIES[name] };
}

/** The strategy that actually runs for a requested name. */
export function effectiveStrategyName(name: ChunkingStrategyName): ChunkingStrategyName {
  return getChunkStrategy(name).strategy.name;
}
