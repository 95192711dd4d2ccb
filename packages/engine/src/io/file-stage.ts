// The file stage proper, as a worker thread runs it on a cache miss. process-file-task.ts imports
// this module on the first miss only: the transforms, the parser and the model table are most of
// a worker's code, and a run whose results all come from the cache never needs them.
export { countingTokenizer } from '../core/model-fit.js';
export { processFile } from '../core/process-file.js';
export { enabledTransforms } from '../core/transform/transform-pipeline.js';
export { withThreadParser } from './syntax/tree-sitter-parser.js';
export { lineStartsOf } from '../core/chunk/line-index.js';
export { priceLines } from '../core/chunk/line-prices.js';
export { getRenderer } from '../core/render/index.js';
