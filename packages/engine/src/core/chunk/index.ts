// The chunk stage: strategies, the cost model and the plan/render/verify loop.
export { chunkFiles, chunkFileName } from './chunk-files.js';
export type { ChunkStageResult, CountTexts } from './chunk-files.js';
export { getChunkStrategy, effectiveStrategyName } from './registry.js';
export type { ResolvedStrategy } from './registry.js';
export { createCostMeasurer, MIN_CONTENT_TOKENS } from './cost-model.js';
export type { CostMeasurer, CostModelInput } from './cost-model.js';
export { createWrapperMeasures } from './wrapper-measures.js';
export type { WrapperMeasures } from './wrapper-measures.js';
export type { ChunkCostModel, ChunkStrategy, PlannedChunk, PlannedSpan } from './strategy.js';
export { LinePriceMemo } from './line-price-memo.js';
