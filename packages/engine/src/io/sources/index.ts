// Source adapters: a folder, a ZIP or in-memory files as a SourceTree for the pipeline.
export { openDirectorySource } from './directory-source.js';
export type { DirectorySourceOptions } from './directory-source.js';
export { openMemorySource } from './memory-source.js';
export type { MemoryFile } from './memory-source.js';
export { checkZipFile, openZipSource } from './zip-source.js';
export { DEFAULT_ZIP_LIMITS } from './zip-limits.js';
export type { ZipLimits } from './zip-limits.js';
export type { ArchiveFiles } from './archive-bytes.js';
