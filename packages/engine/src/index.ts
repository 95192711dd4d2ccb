// Public surface of the engine. The CLI and the server's worker use only what is exported here.
export * from './errors.js';
export * from './config/options.js';
export type * from './core/types.js';
export type { Bundle, BundleStatistics } from './core/assemble-bundle.js';
export type { SecretReport } from './core/transform/secrets/secret-report.js';
export type { ChunkingAnalytics, ChunkingAnalyticsWithComparison } from './core/analyze/index.js';
export { pack, packTree, openSource } from './io/pack.js';
export type { PackHooks, PackProgress, PackStage } from './io/pack.js';
export { writeBundle } from './io/write-bundle.js';
export { readChangeCounts, CHANGE_HISTORY_COMMITS } from './io/git/change-counts.js';
export type { GitReader } from './io/git/git-log.js';
export { createInlineProcessor, createPooledProcessor } from './io/file-processor.js';
export type { EntryMeasure } from './io/process-file-task.js';
export type { FileProcessor } from './io/file-processor.js';
export { contentDigest, engineBuildId, evictResultCacheInBackground } from './io/result-cache.js';
export type { ResultCache } from './io/result-cache.js';
export { replaceFile } from './io/replace-file.js';
export { PartsEncoder } from './io/encode-parts.js';
export {
  openDirectorySource,
  openMemorySource,
  openZipSource,
  checkZipFile,
  DEFAULT_ZIP_LIMITS,
} from './io/sources/index.js';
export type { ArchiveFiles, ZipLimits } from './io/sources/index.js';
export {
  validatePattern,
  describeSkipReason,
  selectFiles,
  matchPatterns,
} from './core/select/index.js';
export type { PatternMatch } from './core/select/index.js';
export { getTokenCounter, loadTokenCounter } from './core/tokens/index.js';
// Registers the Tekken vocabulary, which only Node can read.
import './io/tekken-vocabulary.js';
import './io/stored-rank-tables.js';
export type { TokenCounter } from './core/tokens/token-counter.js';
export { languageOf } from './core/languages.js';
export { getRenderer } from './core/render/index.js';
export { compareAnalytics } from './core/analyze/index.js';
export { pageText, pageItems, PAGE_CHARS } from './mcp/page-text.js';
export type { TextPage } from './mcp/page-text.js';
export {
  SearchPatternError,
  compileSearchPattern,
  matchingLines,
  renderFileHits,
  splitLines,
} from './mcp/search-lines.js';
