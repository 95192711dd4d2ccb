// File rules shared by the engine and the web app; free of zod, so a worker thread loads them fast.
export {
  DEFAULT_MAX_FILE_BYTES,
  excludedFileRule,
  extensionOf,
  isBinaryExtension,
  isExcludedFolder,
} from './eligibility.js';
export { languageOf } from './languages.js';
export { countLinesInBytes } from './line-count.js';
